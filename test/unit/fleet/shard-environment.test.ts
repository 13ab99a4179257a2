import { describe, expect, it } from 'vitest';
import { shardFromEnvironment } from '../../../src/fleet/shard-environment.ts';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';

describe('--shard auto', () => {
  it('reads a Kubernetes Indexed Job (0-based) with n from --shards', () => {
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: '0' }, 4)).toEqual({ index: 1, count: 4 });
    expect(shardFromEnvironment({ JOB_COMPLETION_INDEX: '3' }, 4)).toEqual({ index: 4, count: 4 });
  });

  it('reads GitLab parallel (1-based) with its own total', () => {
    expect(shardFromEnvironment({ CI_NODE_INDEX: '1', CI_NODE_TOTAL: '3' }, undefined)).toEqual({
      index: 1,
      count: 3,
    });
    expect(shardFromEnvironment({ CI_NODE_INDEX: '3', CI_NODE_TOTAL: '3' }, 3)).toEqual({
      index: 3,
      count: 3,
    });
  });

  it('reads CircleCI (0-based) and an AWS Batch array job (0-based, n from --shards)', () => {
    expect(shardFromEnvironment({ CIRCLE_NODE_INDEX: '2', CIRCLE_NODE_TOTAL: '5' }, undefined)).toEqual({
      index: 3,
      count: 5,
    });
    expect(shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '9' }, 10)).toEqual({ index: 10, count: 10 });
  });

  it('takes the first engine found in the issue order', () => {
    const all = {
      JOB_COMPLETION_INDEX: '0',
      CI_NODE_INDEX: '2',
      CI_NODE_TOTAL: '4',
      CIRCLE_NODE_INDEX: '3',
      CIRCLE_NODE_TOTAL: '4',
      AWS_BATCH_JOB_ARRAY_INDEX: '1',
    };
    expect(shardFromEnvironment(all, 4)).toEqual({ index: 1, count: 4 });
    const { JOB_COMPLETION_INDEX: _k, ...gitlabOn } = all;
    expect(shardFromEnvironment(gitlabOn, undefined)).toEqual({ index: 2, count: 4 });
    const { CI_NODE_INDEX: _g, ...circleOn } = gitlabOn;
    expect(shardFromEnvironment(circleOn, undefined)).toEqual({ index: 4, count: 4 });
    expect(shardFromEnvironment({ AWS_BATCH_JOB_ARRAY_INDEX: '1', CIRCLE_NODE_INDEX: '' }, 4)).toEqual({
      index: 2,
      count: 4,
    });
  });

  it.each([
    [
      {},
      4,
      /none of JOB_COMPLETION_INDEX, CI_NODE_INDEX, CIRCLE_NODE_INDEX, AWS_BATCH_JOB_ARRAY_INDEX is set/,
    ],
    [{ JOB_COMPLETION_INDEX: '1' }, undefined, /JOB_COMPLETION_INDEX .*no shard count: give --shards/],
    [{ JOB_COMPLETION_INDEX: '4' }, 4, /JOB_COMPLETION_INDEX is invalid: got '4'; expected 0 to 3/],
    [{ JOB_COMPLETION_INDEX: 'x' }, 4, /JOB_COMPLETION_INDEX is invalid: got 'x'/],
    [
      { CI_NODE_INDEX: '0', CI_NODE_TOTAL: '3' },
      undefined,
      /CI_NODE_INDEX is invalid: got '0'; expected 1 to 3/,
    ],
    [{ CI_NODE_INDEX: '1', CI_NODE_TOTAL: 'many' }, undefined, /CI_NODE_TOTAL is invalid/],
    [{ CIRCLE_NODE_INDEX: '0', CIRCLE_NODE_TOTAL: '4' }, 3, /--shards 3 disagrees with CIRCLE_NODE_TOTAL=4/],
  ] as const)('refuses %j with --shards %s', (env, shards, message) => {
    expect(() => shardFromEnvironment(env, shards)).toThrow(FleetUsageError);
    expect(() => shardFromEnvironment(env, shards)).toThrow(message);
  });
});
