import {
  controlJson as jsonAnswer,
  type ControlAnswer as Answer,
  type ControlCall,
  type ControlRoutes,
} from '../emulator-kit/control.ts';
import type { EmulatorState } from './emulator-state.ts';
import { validation } from './errors.ts';
import { faultList } from './faults.ts';
import { FieldError, isObject, optionalNumber, type JsonObject } from './json-fields.ts';
import { DEFAULT_RATE_LIMIT } from './rate-limiter.ts';
import { ScenarioError } from './scenario.ts';

/**
 * The control endpoint's routes (the shared toolkit answers 404, 405, 400 and 422 alike for both emulators):
 * health, stats, faults, the service clock, the rate limit and the scenario. See emulator/README.md.
 */

/** What a control handler throws for a value it refuses: a 422. */
export function isControlInputError(error: unknown): error is Error {
  return error instanceof FieldError || error instanceof ScenarioError || error instanceof RangeError;
}

export const CONTROL_ROUTES: ControlRoutes<EmulatorState> = {
  '/health': { GET: health },
  '/stats': { GET: (state) => jsonAnswer(200, state.stats.snapshot()) },
  '/reset-stats': {
    POST: (state) => {
      state.stats.reset();
      return jsonAnswer(200, state.stats.snapshot());
    },
  },
  '/faults': { GET: listFaults, POST: addFaults, DELETE: clearFaults },
  '/clock': { GET: clock, POST: setClock },
  '/rate-limit': { GET: rateLimit, POST: setRateLimit },
  '/scenario': { GET: scenario, POST: loadScenario },
};

function health(state: EmulatorState): Answer {
  return jsonAnswer(200, {
    status: 'ok',
    scenario: state.store.scenario.name,
    time_scale: state.clock.timeScale,
    service_time_s: state.clock.now() / 1000,
  });
}

function listFaults(state: EmulatorState): Answer {
  return jsonAnswer(200, { seed: state.faults.seed, faults: state.faults.list() });
}

/** Adds faults: one spec, a list, or `{faults, seed?, replace?}`; a seed restarts the generator. */
function addFaults(state: EmulatorState, { body }: ControlCall): Answer {
  const options: JsonObject = isObject(body) && Array.isArray(body.faults) ? body : {};
  const seed = optionalNumber(options, 'seed', '', { integer: true });
  const specs = faultList(body);
  state.faults.add(specs, { replace: options.replace === true });
  if (seed !== undefined) state.faults.reseed(seed);
  return listFaults(state);
}

function clearFaults(state: EmulatorState): Answer {
  state.faults.clear();
  return jsonAnswer(204, undefined);
}

function clock(state: EmulatorState): Answer {
  return jsonAnswer(200, { time_scale: state.clock.timeScale, service_time_s: state.clock.now() / 1000 });
}

/** `{advance_seconds?, time_scale?}`: moves service time forward and/or changes its pace. */
function setClock(state: EmulatorState, { body }: ControlCall): Answer {
  const obj = isObject(body) ? body : {};
  const scale = optionalNumber(obj, 'time_scale', '', { min: 0 });
  const advance = optionalNumber(obj, 'advance_seconds', '', { min: 0 });
  if (scale !== undefined) state.clock.setTimeScale(scale);
  if (advance !== undefined) state.clock.advance(advance * 1000);
  return clock(state);
}

function rateLimit(state: EmulatorState): Answer {
  const limit = state.rateLimiter.limit;
  return jsonAnswer(
    200,
    limit === null ? { enabled: false } : { enabled: true, rate: limit.ratePerSecond, burst: limit.burst },
  );
}

/** `{enabled: false}`, or `{rate, burst}` (per key, per second); buckets start full again. */
function setRateLimit(state: EmulatorState, { body }: ControlCall): Answer {
  const obj = isObject(body) ? body : {};
  if (obj.enabled === false) {
    state.rateLimiter.configure(null);
  } else {
    state.rateLimiter.configure({
      ratePerSecond: optionalNumber(obj, 'rate', '', { min: 0 }) ?? DEFAULT_RATE_LIMIT.ratePerSecond,
      burst: optionalNumber(obj, 'burst', '', { min: 1 }) ?? DEFAULT_RATE_LIMIT.burst,
    });
  }
  return rateLimit(state);
}

function scenario(state: EmulatorState): Answer {
  const current = state.store.scenario;
  return jsonAnswer(200, {
    name: current.name,
    description: current.description,
    api_key: state.readyKey(),
    repositories: current.repositories.map((repository) => ({
      id: repository.id,
      full_name: repository.fullName,
      organization_id: repository.orgId,
    })),
  });
}

/**
 * `{name}` (a bundled scenario or a path) or `{scenario: {...}}`, optionally with `findings` (see
 * bench-repository.ts). The state starts afresh; stats, faults and the clock stay.
 */
async function loadScenario(state: EmulatorState, { body }: ControlCall): Promise<Answer> {
  const obj = isObject(body) ? body : {};
  const source = typeof obj.name === 'string' ? obj.name : obj.scenario;
  if (source === undefined)
    throw validation('Send {"name": "e2e"} (a bundled name or a path) or {"scenario": {...}}.');
  const findings = optionalNumber(obj, 'findings', '', { min: 0, integer: true });
  await state.loadScenario(source, findings);
  return scenario(state);
}
