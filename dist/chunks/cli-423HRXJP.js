import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  checkedOutCommit
} from "./chunk-42IBQABI.js";
import {
  FLEET_POLICY_PATH,
  FleetGitHubError,
  NOT_STARTED,
  ROLL_UP_FORMAT,
  disownSharedScans,
  emptyRun,
  failedScanError,
  fleetExitCode,
  fleetPart,
  fleetRunName,
  fleetSettings,
  judgingOf,
  ledgerRunOf,
  messageOf,
  openFleetGitHub,
  outcomeGroups,
  policyUseOf,
  readRepositoryPolicy,
  renderRollUpMarkdown,
  rollUpOfPart,
  runFleet,
  runPool,
  scansOfRepository,
  selectionWarnings,
  stricterFailOn,
  totalsOf
} from "./chunk-LKDOE4E4.js";
import {
  FindingSet,
  collectScanResults,
  evaluateGate,
  findCompletedBaseline,
  incompleteModules,
  loadPolicyParser,
  readWorkspacePolicy,
  runPolicyOf,
  runScan
} from "./chunk-6KNMLQ7N.js";
import "./chunk-M4N7FEAI.js";
import "./chunk-AW5ZZLB7.js";
import "./chunk-MDKAJOYT.js";
import "./chunk-CIRYOFMV.js";
import "./chunk-OIP5DKJP.js";
import {
  GITHUB_UPLOAD_LIMITS,
  SarifRun,
  writeFileAtomically
} from "./chunk-XPIZXFDH.js";
import "./chunk-6NIMHUJH.js";
import "./chunk-JQT5TS2Q.js";
import "./chunk-HN7FLA5P.js";
import "./chunk-DDEMGQ4X.js";
import "./chunk-HAVHDHR4.js";
import {
  GitHubError
} from "./chunk-HHAL4VUO.js";
import "./chunk-UTXIXAY2.js";
import {
  GitHubCredentialsError,
  privateKeyMaskParts
} from "./chunk-36H3BBLY.js";
import {
  FLEET_MANIFEST,
  FLEET_WAIT_TIMEOUT_SECONDS,
  fleetOptionsOf,
  fleetRunId,
  formatShard,
  parseShard,
  parseShardCount,
  readFleetManifest,
  shardOf,
  utcSecond
} from "./chunk-YF6BX2WK.js";
import {
  SUMMARY_MAX_FINDINGS
} from "./chunk-OGKRM6AL.js";
import "./chunk-W6AG7AH6.js";
import "./chunk-YNNDKLNH.js";
import "./chunk-JZ7SIFTV.js";
import "./chunk-VEUFIVSE.js";
import {
  defaultSarifCategory
} from "./chunk-NDORBLCC.js";
import "./chunk-XDHJISCG.js";
import "./chunk-SERTICK7.js";
import {
  withNotCounted
} from "./chunk-D6TG47T5.js";
import {
  ELSEWHERE,
  leftOutSentence,
  noun
} from "./chunk-TF5Z63NO.js";
import {
  InputError,
  NO_ORIGIN,
  POLICY_FILE_INPUT,
  RUN_INPUTS,
  parseSettings
} from "./chunk-JAMHECB7.js";
import {
  flagOf
} from "./chunk-DTE7QE2B.js";
import "./chunk-2MCR5RCG.js";
import "./chunk-JTBHCSTL.js";
import {
  Ledger
} from "./chunk-6777VTFZ.js";
import {
  RepositoryNotFoundError,
  ScanProgress,
  cancelScan,
  describeCancelled,
  formatElapsed,
  stopSignalWith
} from "./chunk-RTZFZVPV.js";
import {
  CLIENT_VERSION,
  CONFIG_FILE_IN_HOME,
  DecodeIssue,
  ServiceClient,
  TomlError,
  arrayOf,
  boolean,
  integer,
  nullable,
  object,
  optional,
  parse,
  resolveCredentials,
  string,
  stringify
} from "./chunk-DTJGZLIT.js";
import "./chunk-BBYHN6AK.js";
import {
  FleetUsageError,
  SecretScrubber,
  scrubSecrets
} from "./chunk-ERRIPKIX.js";
import "./chunk-KQ5MWZ4S.js";
import {
  classifyAiAnalysis,
  classifyRemediation,
  classifyScanStatus
} from "./chunk-WNLN7TCM.js";
import {
  RunDeadline,
  RunError,
  RunTimeoutError,
  adviseOnFailure,
  didYouMean,
  phraseText,
  problemText
} from "./chunk-QJCS3XWK.js";
import {
  AuthError,
  ConfigError,
  ConnectionError,
  InvalidIdError,
  LazyProxyAgent,
  NotFoundError,
  PollTimeoutError,
  hasVersionPrefix,
  normalizeBaseUrl
} from "./chunk-4FZBDBB5.js";
import {
  SEVERITIES,
  zeroCounts
} from "./chunk-QTPT64TT.js";
import {
  escapeLogLine,
  truncate
} from "./chunk-CQTUBHRC.js";
import {
  CommandFailure,
  EXIT,
  EXIT_CODE_MEANINGS,
  UsageError
} from "./chunk-3QNFUUDE.js";
import "./chunk-KY6MOU6A.js";
import "./chunk-RIUXWCXC.js";

// node_modules/commander/lib/error.js
var CommanderError = class extends Error {
  /**
   * Constructs the CommanderError class
   * @param {number} exitCode suggested exit code which could be used with process.exit
   * @param {string} code an id string representing the error
   * @param {string} message human-readable description of the error
   */
  constructor(exitCode, code, message) {
    super(message);
    Error.captureStackTrace(this, this.constructor);
    this.name = this.constructor.name;
    this.code = code;
    this.exitCode = exitCode;
    this.nestedError = void 0;
  }
};
var InvalidArgumentError = class extends CommanderError {
  /**
   * Constructs the InvalidArgumentError class
   * @param {string} [message] explanation of why argument is invalid
   */
  constructor(message) {
    super(1, "commander.invalidArgument", message);
    Error.captureStackTrace(this, this.constructor);
    this.name = this.constructor.name;
  }
};

// node_modules/commander/lib/argument.js
var Argument = class {
  /**
   * Initialize a new command argument with the given name and description.
   * The default is that the argument is required, and you can explicitly
   * indicate this with <> around the name. Put [] around the name for an optional argument.
   *
   * @param {string} name
   * @param {string} [description]
   */
  constructor(name, description) {
    this.description = description || "";
    this.variadic = false;
    this.parseArg = void 0;
    this.defaultValue = void 0;
    this.defaultValueDescription = void 0;
    this.argChoices = void 0;
    switch (name[0]) {
      case "<":
        this.required = true;
        this._name = name.slice(1, -1);
        break;
      case "[":
        this.required = false;
        this._name = name.slice(1, -1);
        break;
      default:
        this.required = true;
        this._name = name;
        break;
    }
    if (this._name.endsWith("...")) {
      this.variadic = true;
      this._name = this._name.slice(0, -3);
    }
  }
  /**
   * Return argument name.
   *
   * @return {string}
   */
  name() {
    return this._name;
  }
  /**
   * @package
   */
  _collectValue(value, previous) {
    if (previous === this.defaultValue || !Array.isArray(previous)) {
      return [value];
    }
    previous.push(value);
    return previous;
  }
  /**
   * Set the default value, and optionally supply the description to be displayed in the help.
   *
   * @param {*} value
   * @param {string} [description]
   * @return {Argument}
   */
  default(value, description) {
    this.defaultValue = value;
    this.defaultValueDescription = description;
    return this;
  }
  /**
   * Set the custom handler for processing CLI command arguments into argument values.
   *
   * @param {Function} [fn]
   * @return {Argument}
   */
  argParser(fn) {
    this.parseArg = fn;
    return this;
  }
  /**
   * Only allow argument value to be one of choices.
   *
   * @param {string[]} values
   * @return {Argument}
   */
  choices(values) {
    this.argChoices = values.slice();
    this.parseArg = (arg, previous) => {
      if (!this.argChoices.includes(arg)) {
        throw new InvalidArgumentError(
          `Allowed choices are ${this.argChoices.join(", ")}.`
        );
      }
      if (this.variadic) {
        return this._collectValue(arg, previous);
      }
      return arg;
    };
    return this;
  }
  /**
   * Make argument required.
   *
   * @returns {Argument}
   */
  argRequired() {
    this.required = true;
    return this;
  }
  /**
   * Make argument optional.
   *
   * @returns {Argument}
   */
  argOptional() {
    this.required = false;
    return this;
  }
};
function humanReadableArgName(arg) {
  const nameOutput = arg.name() + (arg.variadic === true ? "..." : "");
  return arg.required ? "<" + nameOutput + ">" : "[" + nameOutput + "]";
}

// node_modules/commander/lib/command.js
import { EventEmitter } from "node:events";
import childProcess from "node:child_process";
import path from "node:path";
import fs from "node:fs";
import process2 from "node:process";
import { stripVTControlCharacters as stripVTControlCharacters2 } from "node:util";

// node_modules/commander/lib/help.js
import { stripVTControlCharacters } from "node:util";
var Help = class {
  constructor() {
    this.helpWidth = void 0;
    this.minWidthToWrap = 40;
    this.sortSubcommands = false;
    this.sortOptions = false;
    this.showGlobalOptions = false;
  }
  /**
   * prepareContext is called by Commander after applying overrides from `Command.configureHelp()`
   * and just before calling `formatHelp()`.
   *
   * Commander just uses the helpWidth and the rest is provided for optional use by more complex subclasses.
   *
   * @param {{ error?: boolean, helpWidth?: number, outputHasColors?: boolean }} contextOptions
   */
  prepareContext(contextOptions) {
    this.helpWidth = this.helpWidth ?? contextOptions.helpWidth ?? 80;
  }
  /**
   * Get an array of the visible subcommands. Includes a placeholder for the implicit help command, if there is one.
   *
   * @param {Command} cmd
   * @returns {Command[]}
   */
  visibleCommands(cmd) {
    const visibleCommands = cmd.commands.filter((cmd2) => !cmd2._hidden);
    const helpCommand = cmd._getHelpCommand();
    if (helpCommand && !helpCommand._hidden) {
      visibleCommands.push(helpCommand);
    }
    if (this.sortSubcommands) {
      visibleCommands.sort((a, b) => {
        return a.name().localeCompare(b.name());
      });
    }
    return visibleCommands;
  }
  /**
   * Compare options for sort.
   *
   * @param {Option} a
   * @param {Option} b
   * @returns {number}
   */
  compareOptions(a, b) {
    const getSortKey = (option) => {
      return option.short ? option.short.replace(/^-/, "") : option.long.replace(/^--/, "");
    };
    return getSortKey(a).localeCompare(getSortKey(b));
  }
  /**
   * Get an array of the visible options. Includes a placeholder for the implicit help option, if there is one.
   *
   * @param {Command} cmd
   * @returns {Option[]}
   */
  visibleOptions(cmd) {
    const visibleOptions = cmd.options.filter((option) => !option.hidden);
    const helpOption = cmd._getHelpOption();
    if (helpOption && !helpOption.hidden) {
      const removeShort = helpOption.short && cmd._findOption(helpOption.short);
      const removeLong = helpOption.long && cmd._findOption(helpOption.long);
      if (!removeShort && !removeLong) {
        visibleOptions.push(helpOption);
      } else if (helpOption.long && !removeLong) {
        visibleOptions.push(
          cmd.createOption(helpOption.long, helpOption.description).helpGroup(helpOption.helpGroupHeading)
        );
      } else if (helpOption.short && !removeShort) {
        visibleOptions.push(
          cmd.createOption(helpOption.short, helpOption.description).helpGroup(helpOption.helpGroupHeading)
        );
      }
    }
    if (this.sortOptions) {
      visibleOptions.sort(this.compareOptions);
    }
    return visibleOptions;
  }
  /**
   * Get an array of the visible global options. (Not including help.)
   *
   * @param {Command} cmd
   * @returns {Option[]}
   */
  visibleGlobalOptions(cmd) {
    if (!this.showGlobalOptions) return [];
    const globalOptions2 = [];
    for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
      const visibleOptions = ancestorCmd.options.filter(
        (option) => !option.hidden
      );
      globalOptions2.push(...visibleOptions);
    }
    if (this.sortOptions) {
      globalOptions2.sort(this.compareOptions);
    }
    return globalOptions2;
  }
  /**
   * Get an array of the arguments if any have a description.
   *
   * @param {Command} cmd
   * @returns {Argument[]}
   */
  visibleArguments(cmd) {
    if (cmd._argsDescription) {
      cmd.registeredArguments.forEach((argument) => {
        argument.description = argument.description || cmd._argsDescription[argument.name()] || "";
      });
    }
    if (cmd.registeredArguments.find((argument) => argument.description)) {
      return cmd.registeredArguments;
    }
    return [];
  }
  /**
   * Get the command term to show in the list of subcommands.
   *
   * @param {Command} cmd
   * @returns {string}
   */
  subcommandTerm(cmd) {
    const args = cmd.registeredArguments.map((arg) => humanReadableArgName(arg)).join(" ");
    return cmd._name + (cmd._aliases[0] ? "|" + cmd._aliases[0] : "") + (cmd.options.length ? " [options]" : "") + // simplistic check for non-help option
    (args ? " " + args : "");
  }
  /**
   * Get the option term to show in the list of options.
   *
   * @param {Option} option
   * @returns {string}
   */
  optionTerm(option) {
    return option.flags;
  }
  /**
   * Get the argument term to show in the list of arguments.
   *
   * @param {Argument} argument
   * @returns {string}
   */
  argumentTerm(argument) {
    return argument.name();
  }
  /**
   * Get the longest command term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  longestSubcommandTermLength(cmd, helper) {
    return helper.visibleCommands(cmd).reduce((max, command) => {
      return Math.max(
        max,
        this.displayWidth(
          helper.styleSubcommandTerm(helper.subcommandTerm(command))
        )
      );
    }, 0);
  }
  /**
   * Get the longest option term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  longestOptionTermLength(cmd, helper) {
    return helper.visibleOptions(cmd).reduce((max, option) => {
      return Math.max(
        max,
        this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))
      );
    }, 0);
  }
  /**
   * Get the longest global option term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  longestGlobalOptionTermLength(cmd, helper) {
    return helper.visibleGlobalOptions(cmd).reduce((max, option) => {
      return Math.max(
        max,
        this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option)))
      );
    }, 0);
  }
  /**
   * Get the longest argument term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  longestArgumentTermLength(cmd, helper) {
    return helper.visibleArguments(cmd).reduce((max, argument) => {
      return Math.max(
        max,
        this.displayWidth(
          helper.styleArgumentTerm(helper.argumentTerm(argument))
        )
      );
    }, 0);
  }
  /**
   * Get the command usage to be displayed at the top of the built-in help.
   *
   * @param {Command} cmd
   * @returns {string}
   */
  commandUsage(cmd) {
    let cmdName = cmd._name;
    if (cmd._aliases[0]) {
      cmdName = cmdName + "|" + cmd._aliases[0];
    }
    let ancestorCmdNames = "";
    for (let ancestorCmd = cmd.parent; ancestorCmd; ancestorCmd = ancestorCmd.parent) {
      ancestorCmdNames = ancestorCmd.name() + " " + ancestorCmdNames;
    }
    return ancestorCmdNames + cmdName + " " + cmd.usage();
  }
  /**
   * Get the description for the command.
   *
   * @param {Command} cmd
   * @returns {string}
   */
  commandDescription(cmd) {
    return cmd.description();
  }
  /**
   * Get the subcommand summary to show in the list of subcommands.
   * (Fallback to description for backwards compatibility.)
   *
   * @param {Command} cmd
   * @returns {string}
   */
  subcommandDescription(cmd) {
    return cmd.summary() || cmd.description();
  }
  /**
   * Get the option description to show in the list of options.
   *
   * @param {Option} option
   * @return {string}
   */
  optionDescription(option) {
    const extraInfo = [];
    if (option.argChoices) {
      extraInfo.push(
        // use stringify to match the display of the default value
        `choices: ${option.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`
      );
    }
    if (option.defaultValue !== void 0) {
      const showDefault = option.required || option.optional || option.isBoolean() && typeof option.defaultValue === "boolean";
      if (showDefault) {
        extraInfo.push(
          `default: ${option.defaultValueDescription || JSON.stringify(option.defaultValue)}`
        );
      }
    }
    if (option.presetArg !== void 0 && option.optional) {
      extraInfo.push(`preset: ${JSON.stringify(option.presetArg)}`);
    }
    if (option.envVar !== void 0) {
      extraInfo.push(`env: ${option.envVar}`);
    }
    if (extraInfo.length > 0) {
      const extraDescription = `(${extraInfo.join(", ")})`;
      if (option.description) {
        return `${option.description} ${extraDescription}`;
      }
      return extraDescription;
    }
    return option.description;
  }
  /**
   * Get the argument description to show in the list of arguments.
   *
   * @param {Argument} argument
   * @return {string}
   */
  argumentDescription(argument) {
    const extraInfo = [];
    if (argument.argChoices) {
      extraInfo.push(
        // use stringify to match the display of the default value
        `choices: ${argument.argChoices.map((choice) => JSON.stringify(choice)).join(", ")}`
      );
    }
    if (argument.defaultValue !== void 0) {
      extraInfo.push(
        `default: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`
      );
    }
    if (extraInfo.length > 0) {
      const extraDescription = `(${extraInfo.join(", ")})`;
      if (argument.description) {
        return `${argument.description} ${extraDescription}`;
      }
      return extraDescription;
    }
    return argument.description;
  }
  /**
   * Format a list of items, given a heading and an array of formatted items.
   *
   * @param {string} heading
   * @param {string[]} items
   * @param {Help} helper
   * @returns string[]
   */
  formatItemList(heading, items, helper) {
    if (items.length === 0) return [];
    return [helper.styleTitle(heading), ...items, ""];
  }
  /**
   * Group items by their help group heading.
   *
   * @param {Command[] | Option[]} unsortedItems
   * @param {Command[] | Option[]} visibleItems
   * @param {Function} getGroup
   * @returns {Map<string, Command[] | Option[]>}
   */
  groupItems(unsortedItems, visibleItems, getGroup) {
    const result = /* @__PURE__ */ new Map();
    unsortedItems.forEach((item) => {
      const group = getGroup(item);
      if (!result.has(group)) result.set(group, []);
    });
    visibleItems.forEach((item) => {
      const group = getGroup(item);
      if (!result.has(group)) {
        result.set(group, []);
      }
      result.get(group).push(item);
    });
    return result;
  }
  /**
   * Generate the built-in help text.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {string}
   */
  formatHelp(cmd, helper) {
    const termWidth = helper.padWidth(cmd, helper);
    const helpWidth = helper.helpWidth ?? 80;
    function callFormatItem(term, description) {
      return helper.formatItem(term, termWidth, description, helper);
    }
    let output = [
      `${helper.styleTitle("Usage:")} ${helper.styleUsage(helper.commandUsage(cmd))}`,
      ""
    ];
    const commandDescription = helper.commandDescription(cmd);
    if (commandDescription.length > 0) {
      output = output.concat([
        helper.boxWrap(
          helper.styleCommandDescription(commandDescription),
          helpWidth
        ),
        ""
      ]);
    }
    const argumentList = helper.visibleArguments(cmd).map((argument) => {
      return callFormatItem(
        helper.styleArgumentTerm(helper.argumentTerm(argument)),
        helper.styleArgumentDescription(helper.argumentDescription(argument))
      );
    });
    output = output.concat(
      this.formatItemList("Arguments:", argumentList, helper)
    );
    const optionGroups = this.groupItems(
      cmd.options,
      helper.visibleOptions(cmd),
      (option) => option.helpGroupHeading ?? "Options:"
    );
    optionGroups.forEach((options, group) => {
      const optionList = options.map((option) => {
        return callFormatItem(
          helper.styleOptionTerm(helper.optionTerm(option)),
          helper.styleOptionDescription(helper.optionDescription(option))
        );
      });
      output = output.concat(this.formatItemList(group, optionList, helper));
    });
    if (helper.showGlobalOptions) {
      const globalOptionList = helper.visibleGlobalOptions(cmd).map((option) => {
        return callFormatItem(
          helper.styleOptionTerm(helper.optionTerm(option)),
          helper.styleOptionDescription(helper.optionDescription(option))
        );
      });
      output = output.concat(
        this.formatItemList("Global Options:", globalOptionList, helper)
      );
    }
    const commandGroups = this.groupItems(
      cmd.commands,
      helper.visibleCommands(cmd),
      (sub) => sub.helpGroup() || "Commands:"
    );
    commandGroups.forEach((commands, group) => {
      const commandList = commands.map((sub) => {
        return callFormatItem(
          helper.styleSubcommandTerm(helper.subcommandTerm(sub)),
          helper.styleSubcommandDescription(helper.subcommandDescription(sub))
        );
      });
      output = output.concat(this.formatItemList(group, commandList, helper));
    });
    return output.join("\n");
  }
  /**
   * Return display width of string, ignoring ANSI escape sequences. Used in padding and wrapping calculations.
   *
   * @param {string} str
   * @returns {number}
   */
  displayWidth(str) {
    return stripVTControlCharacters(str).length;
  }
  /**
   * Style the title for displaying in the help. Called with 'Usage:', 'Options:', etc.
   *
   * @param {string} str
   * @returns {string}
   */
  styleTitle(str) {
    return str;
  }
  styleUsage(str) {
    return str.split(" ").map((word) => {
      if (word === "[options]") return this.styleOptionText(word);
      if (word === "[command]") return this.styleSubcommandText(word);
      if (word[0] === "[" || word[0] === "<")
        return this.styleArgumentText(word);
      return this.styleCommandText(word);
    }).join(" ");
  }
  styleCommandDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleOptionDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleSubcommandDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleArgumentDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleDescriptionText(str) {
    return str;
  }
  styleOptionTerm(str) {
    return this.styleOptionText(str);
  }
  styleSubcommandTerm(str) {
    return str.split(" ").map((word) => {
      if (word === "[options]") return this.styleOptionText(word);
      if (word[0] === "[" || word[0] === "<")
        return this.styleArgumentText(word);
      return this.styleSubcommandText(word);
    }).join(" ");
  }
  styleArgumentTerm(str) {
    return this.styleArgumentText(str);
  }
  styleOptionText(str) {
    return str;
  }
  styleArgumentText(str) {
    return str;
  }
  styleSubcommandText(str) {
    return str;
  }
  styleCommandText(str) {
    return str;
  }
  /**
   * Calculate the pad width from the maximum term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */
  padWidth(cmd, helper) {
    return Math.max(
      helper.longestOptionTermLength(cmd, helper),
      helper.longestGlobalOptionTermLength(cmd, helper),
      helper.longestSubcommandTermLength(cmd, helper),
      helper.longestArgumentTermLength(cmd, helper)
    );
  }
  /**
   * Detect manually wrapped and indented strings by checking for line break followed by whitespace.
   *
   * @param {string} str
   * @returns {boolean}
   */
  preformatted(str) {
    return /\n[^\S\r\n]/.test(str);
  }
  /**
   * Format the "item", which consists of a term and description. Pad the term and wrap the description, indenting the following lines.
   *
   * So "TTT", 5, "DDD DDDD DD DDD" might be formatted for this.helpWidth=17 like so:
   *   TTT  DDD DDDD
   *        DD DDD
   *
   * @param {string} term
   * @param {number} termWidth
   * @param {string} description
   * @param {Help} helper
   * @returns {string}
   */
  formatItem(term, termWidth, description, helper) {
    const itemIndent = 2;
    const itemIndentStr = " ".repeat(itemIndent);
    if (!description) return itemIndentStr + term;
    const paddedTerm = term.padEnd(
      termWidth + term.length - helper.displayWidth(term)
    );
    const spacerWidth = 2;
    const helpWidth = this.helpWidth ?? 80;
    const remainingWidth = helpWidth - termWidth - spacerWidth - itemIndent;
    let formattedDescription;
    if (remainingWidth < this.minWidthToWrap || helper.preformatted(description)) {
      formattedDescription = description;
    } else {
      const wrappedDescription = helper.boxWrap(description, remainingWidth);
      formattedDescription = wrappedDescription.replace(
        /\n/g,
        "\n" + " ".repeat(termWidth + spacerWidth)
      );
    }
    return itemIndentStr + paddedTerm + " ".repeat(spacerWidth) + formattedDescription.replace(/\n/g, `
${itemIndentStr}`);
  }
  /**
   * Wrap a string at whitespace, preserving existing line breaks.
   * Wrapping is skipped if the width is less than `minWidthToWrap`.
   *
   * @param {string} str
   * @param {number} width
   * @returns {string}
   */
  boxWrap(str, width) {
    if (width < this.minWidthToWrap) return str;
    const rawLines = str.split(/\r\n|\n/);
    const chunkPattern = /[\s]*[^\s]+/g;
    const wrappedLines = [];
    rawLines.forEach((line) => {
      const chunks = line.match(chunkPattern);
      if (chunks === null) {
        wrappedLines.push("");
        return;
      }
      let sumChunks = [chunks.shift()];
      let sumWidth = this.displayWidth(sumChunks[0]);
      chunks.forEach((chunk) => {
        const visibleWidth = this.displayWidth(chunk);
        if (sumWidth + visibleWidth <= width) {
          sumChunks.push(chunk);
          sumWidth += visibleWidth;
          return;
        }
        wrappedLines.push(sumChunks.join(""));
        const nextChunk = chunk.trimStart();
        sumChunks = [nextChunk];
        sumWidth = this.displayWidth(nextChunk);
      });
      wrappedLines.push(sumChunks.join(""));
    });
    return wrappedLines.join("\n");
  }
};

// node_modules/commander/lib/option.js
var Option = class {
  /**
   * Initialize a new `Option` with the given `flags` and `description`.
   *
   * @param {string} flags
   * @param {string} [description]
   */
  constructor(flags, description) {
    this.flags = flags;
    this.description = description || "";
    this.required = flags.includes("<");
    this.optional = flags.includes("[");
    this.variadic = new RegExp("\\p{ID_Continue}\\.\\.\\.[>\\]]$", "u").test(flags);
    this.mandatory = false;
    const optionFlags = splitOptionFlags(flags);
    this.short = optionFlags.shortFlag;
    this.long = optionFlags.longFlag;
    this.negate = false;
    if (this.long) {
      this.negate = this.long.startsWith("--no-");
    }
    this.defaultValue = void 0;
    this.defaultValueDescription = void 0;
    this.presetArg = void 0;
    this.envVar = void 0;
    this.parseArg = void 0;
    this.hidden = false;
    this.argChoices = void 0;
    this.conflictsWith = [];
    this.implied = void 0;
    this.helpGroupHeading = void 0;
  }
  /**
   * Set the default value, and optionally supply the description to be displayed in the help.
   *
   * @param {*} value
   * @param {string} [description]
   * @return {Option}
   */
  default(value, description) {
    this.defaultValue = value;
    this.defaultValueDescription = description;
    return this;
  }
  /**
   * Preset to use when option used without option-argument, especially optional but also boolean and negated.
   * The custom processing (parseArg) is called.
   *
   * @example
   * new Option('--color').default('GREYSCALE').preset('RGB');
   * new Option('--donate [amount]').preset('20').argParser(parseFloat);
   *
   * @param {*} arg
   * @return {Option}
   */
  preset(arg) {
    this.presetArg = arg;
    return this;
  }
  /**
   * Add option name(s) that conflict with this option.
   * An error will be displayed if conflicting options are found during parsing.
   *
   * @example
   * new Option('--rgb').conflicts('cmyk');
   * new Option('--js').conflicts(['ts', 'jsx']);
   *
   * @param {(string | string[])} names
   * @return {Option}
   */
  conflicts(names) {
    this.conflictsWith = this.conflictsWith.concat(names);
    return this;
  }
  /**
   * Specify implied option values for when this option is set and the implied options are not.
   *
   * The custom processing (parseArg) is not called on the implied values.
   *
   * @example
   * program
   *   .addOption(new Option('--log', 'write logging information to file'))
   *   .addOption(new Option('--trace', 'log extra details').implies({ log: 'trace.txt' }));
   *
   * @param {object} impliedOptionValues
   * @return {Option}
   */
  implies(impliedOptionValues) {
    let newImplied = impliedOptionValues;
    if (typeof impliedOptionValues === "string") {
      newImplied = { [impliedOptionValues]: true };
    }
    this.implied = Object.assign(this.implied || {}, newImplied);
    return this;
  }
  /**
   * Set environment variable to check for option value.
   *
   * An environment variable is only used if when processed the current option value is
   * undefined, or the source of the current value is 'default' or 'config' or 'env'.
   *
   * @param {string} name
   * @return {Option}
   */
  env(name) {
    this.envVar = name;
    return this;
  }
  /**
   * Set the custom handler for processing CLI option arguments into option values.
   *
   * @param {Function} [fn]
   * @return {Option}
   */
  argParser(fn) {
    this.parseArg = fn;
    return this;
  }
  /**
   * Whether the option is mandatory and must have a value after parsing.
   *
   * @param {boolean} [mandatory=true]
   * @return {Option}
   */
  makeOptionMandatory(mandatory = true) {
    this.mandatory = !!mandatory;
    return this;
  }
  /**
   * Hide option in help.
   *
   * @param {boolean} [hide=true]
   * @return {Option}
   */
  hideHelp(hide = true) {
    this.hidden = !!hide;
    return this;
  }
  /**
   * @package
   */
  _collectValue(value, previous) {
    if (previous === this.defaultValue || !Array.isArray(previous)) {
      return [value];
    }
    previous.push(value);
    return previous;
  }
  /**
   * Only allow option value to be one of choices.
   *
   * @param {string[]} values
   * @return {Option}
   */
  choices(values) {
    this.argChoices = values.slice();
    this.parseArg = (arg, previous) => {
      if (!this.argChoices.includes(arg)) {
        throw new InvalidArgumentError(
          `Allowed choices are ${this.argChoices.join(", ")}.`
        );
      }
      if (this.variadic) {
        return this._collectValue(arg, previous);
      }
      return arg;
    };
    return this;
  }
  /**
   * Return option name.
   *
   * @return {string}
   */
  name() {
    if (this.long) {
      return this.long.replace(/^--/, "");
    }
    return this.short.replace(/^-/, "");
  }
  /**
   * Return option name, in a camelcase format that can be used
   * as an object attribute key.
   *
   * @return {string}
   */
  attributeName() {
    if (this.negate) {
      return camelcase(this.name().replace(/^no-/, ""));
    }
    return camelcase(this.name());
  }
  /**
   * Set the help group heading.
   *
   * @param {string} heading
   * @return {Option}
   */
  helpGroup(heading) {
    this.helpGroupHeading = heading;
    return this;
  }
  /**
   * Check if `arg` matches the short or long flag.
   *
   * @param {string} arg
   * @return {boolean}
   * @package
   */
  is(arg) {
    return this.short === arg || this.long === arg;
  }
  /**
   * Return whether a boolean option.
   *
   * Options are one of boolean, negated, required argument, or optional argument.
   *
   * @return {boolean}
   * @package
   */
  isBoolean() {
    return !this.required && !this.optional && !this.negate;
  }
};
var DualOptions = class {
  /**
   * @param {Option[]} options
   */
  constructor(options) {
    this.positiveOptions = /* @__PURE__ */ new Map();
    this.negativeOptions = /* @__PURE__ */ new Map();
    this.dualOptions = /* @__PURE__ */ new Set();
    options.forEach((option) => {
      if (option.negate) {
        this.negativeOptions.set(option.attributeName(), option);
      } else {
        this.positiveOptions.set(option.attributeName(), option);
      }
    });
    this.negativeOptions.forEach((value, key) => {
      if (this.positiveOptions.has(key)) {
        this.dualOptions.add(key);
      }
    });
  }
  /**
   * Did the value come from the option, and not from possible matching dual option?
   *
   * @param {*} value
   * @param {Option} option
   * @returns {boolean}
   */
  valueFromOption(value, option) {
    const optionKey = option.attributeName();
    if (!this.dualOptions.has(optionKey)) return true;
    const preset = this.negativeOptions.get(optionKey).presetArg;
    const negativeValue = preset !== void 0 ? preset : false;
    return option.negate === (negativeValue === value);
  }
};
function camelcase(str) {
  return str.split("-").reduce((str2, word) => {
    return str2 + word[0].toUpperCase() + word.slice(1);
  });
}
function splitOptionFlags(flags) {
  let shortFlag;
  let longFlag;
  const shortFlagExp = /^-[^-]$/;
  const longFlagExp = /^--[^-]/;
  const flagParts = flags.split(/[ |,]+/).concat("guard");
  if (shortFlagExp.test(flagParts[0])) shortFlag = flagParts.shift();
  if (longFlagExp.test(flagParts[0])) longFlag = flagParts.shift();
  if (!shortFlag && shortFlagExp.test(flagParts[0]))
    shortFlag = flagParts.shift();
  if (!shortFlag && longFlagExp.test(flagParts[0])) {
    shortFlag = longFlag;
    longFlag = flagParts.shift();
  }
  if (flagParts[0].startsWith("-")) {
    const unsupportedFlag = flagParts[0];
    const baseError = `option creation failed due to '${unsupportedFlag}' in option flags '${flags}'`;
    if (/^-[^-][^-]/.test(unsupportedFlag))
      throw new Error(
        `${baseError}
- a short flag is a single dash and a single character
  - either use a single dash and a single character (for a short flag)
  - or use a double dash for a long option (and can have two, like '--ws, --workspace')`
      );
    if (shortFlagExp.test(unsupportedFlag))
      throw new Error(`${baseError}
- too many short flags`);
    if (longFlagExp.test(unsupportedFlag))
      throw new Error(`${baseError}
- too many long flags`);
    throw new Error(`${baseError}
- unrecognised flag format`);
  }
  if (shortFlag === void 0 && longFlag === void 0)
    throw new Error(
      `option creation failed due to no flags found in '${flags}'.`
    );
  return { shortFlag, longFlag };
}

// node_modules/commander/lib/suggestSimilar.js
var maxDistance = 3;
function editDistance(a, b) {
  if (Math.abs(a.length - b.length) > maxDistance)
    return Math.max(a.length, b.length);
  const d = [];
  for (let i = 0; i <= a.length; i++) {
    d[i] = [i];
  }
  for (let j = 0; j <= b.length; j++) {
    d[0][j] = j;
  }
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      let cost;
      if (a[i - 1] === b[j - 1]) {
        cost = 0;
      } else {
        cost = 1;
      }
      d[i][j] = Math.min(
        d[i - 1][j] + 1,
        // deletion
        d[i][j - 1] + 1,
        // insertion
        d[i - 1][j - 1] + cost
        // substitution
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}
function suggestSimilar(word, candidates) {
  if (!candidates || candidates.length === 0) return "";
  candidates = Array.from(new Set(candidates));
  const searchingOptions = word.startsWith("--");
  if (searchingOptions) {
    word = word.slice(2);
    candidates = candidates.map((candidate) => candidate.slice(2));
  }
  let similar = [];
  let bestDistance = maxDistance;
  const minSimilarity = 0.4;
  candidates.forEach((candidate) => {
    if (candidate.length <= 1) return;
    const distance = editDistance(word, candidate);
    const length = Math.max(word.length, candidate.length);
    const similarity = (length - distance) / length;
    if (similarity > minSimilarity) {
      if (distance < bestDistance) {
        bestDistance = distance;
        similar = [candidate];
      } else if (distance === bestDistance) {
        similar.push(candidate);
      }
    }
  });
  similar.sort((a, b) => a.localeCompare(b));
  if (searchingOptions) {
    similar = similar.map((candidate) => `--${candidate}`);
  }
  if (similar.length > 1) {
    return `
(Did you mean one of ${similar.join(", ")}?)`;
  }
  if (similar.length === 1) {
    return `
(Did you mean ${similar[0]}?)`;
  }
  return "";
}

// node_modules/commander/lib/command.js
var Command = class _Command extends EventEmitter {
  /**
   * Initialize a new `Command`.
   *
   * @param {string} [name]
   */
  constructor(name) {
    super();
    this.commands = [];
    this.options = [];
    this.parent = null;
    this._allowUnknownOption = false;
    this._allowExcessArguments = false;
    this.registeredArguments = [];
    this._args = this.registeredArguments;
    this.args = [];
    this.rawArgs = [];
    this.processedArgs = [];
    this._scriptPath = null;
    this._name = name || "";
    this._optionValues = {};
    this._optionValueSources = {};
    this._storeOptionsAsProperties = false;
    this._actionHandler = null;
    this._executableHandler = false;
    this._executableFile = null;
    this._executableDir = null;
    this._defaultCommandName = null;
    this._exitCallback = null;
    this._aliases = [];
    this._combineFlagAndOptionalValue = true;
    this._description = "";
    this._summary = "";
    this._argsDescription = void 0;
    this._enablePositionalOptions = false;
    this._passThroughOptions = false;
    this._lifeCycleHooks = {};
    this._showHelpAfterError = false;
    this._showSuggestionAfterError = true;
    this._savedState = null;
    this._outputConfiguration = {
      writeOut: (str) => process2.stdout.write(str),
      writeErr: (str) => process2.stderr.write(str),
      outputError: (str, write) => write(str),
      getOutHelpWidth: () => process2.stdout.isTTY ? process2.stdout.columns : void 0,
      getErrHelpWidth: () => process2.stderr.isTTY ? process2.stderr.columns : void 0,
      getOutHasColors: () => useColor() ?? (process2.stdout.isTTY && process2.stdout.hasColors?.()),
      getErrHasColors: () => useColor() ?? (process2.stderr.isTTY && process2.stderr.hasColors?.()),
      stripColor: (str) => stripVTControlCharacters2(str)
    };
    this._hidden = false;
    this._helpOption = void 0;
    this._addImplicitHelpCommand = void 0;
    this._helpCommand = void 0;
    this._helpConfiguration = {};
    this._helpGroupHeading = void 0;
    this._defaultCommandGroup = void 0;
    this._defaultOptionGroup = void 0;
  }
  /**
   * Copy settings that are useful to have in common across root command and subcommands.
   *
   * (Used internally when adding a command using `.command()` so subcommands inherit parent settings.)
   *
   * @param {Command} sourceCommand
   * @return {Command} `this` command for chaining
   */
  copyInheritedSettings(sourceCommand) {
    this._outputConfiguration = sourceCommand._outputConfiguration;
    this._helpOption = sourceCommand._helpOption;
    this._helpCommand = sourceCommand._helpCommand;
    this._helpConfiguration = sourceCommand._helpConfiguration;
    this._exitCallback = sourceCommand._exitCallback;
    this._storeOptionsAsProperties = sourceCommand._storeOptionsAsProperties;
    this._combineFlagAndOptionalValue = sourceCommand._combineFlagAndOptionalValue;
    this._allowExcessArguments = sourceCommand._allowExcessArguments;
    this._enablePositionalOptions = sourceCommand._enablePositionalOptions;
    this._showHelpAfterError = sourceCommand._showHelpAfterError;
    this._showSuggestionAfterError = sourceCommand._showSuggestionAfterError;
    return this;
  }
  /**
   * @returns {Command[]}
   * @private
   */
  _getCommandAndAncestors() {
    const result = [];
    for (let command = this; command; command = command.parent) {
      result.push(command);
    }
    return result;
  }
  /**
   * Define a command.
   *
   * There are two styles of command: pay attention to where to put the description.
   *
   * @example
   * // Command implemented using action handler (description is supplied separately to `.command`)
   * program
   *   .command('clone <source> [destination]')
   *   .description('clone a repository into a newly created directory')
   *   .action((source, destination) => {
   *     console.log('clone command called');
   *   });
   *
   * // Command implemented using separate executable file (description is second parameter to `.command`)
   * program
   *   .command('start <service>', 'start named service')
   *   .command('stop [service]', 'stop named service, or all if no name supplied');
   *
   * @param {string} nameAndArgs - command name and arguments, args are `<required>` or `[optional]` and last may also be `variadic...`
   * @param {(object | string)} [actionOptsOrExecDesc] - configuration options (for action), or description (for executable)
   * @param {object} [execOpts] - configuration options (for executable)
   * @return {Command} returns new command for action handler, or `this` for executable command
   */
  command(nameAndArgs, actionOptsOrExecDesc, execOpts) {
    let desc = actionOptsOrExecDesc;
    let opts = execOpts;
    if (typeof desc === "object" && desc !== null) {
      opts = desc;
      desc = null;
    }
    opts = opts || {};
    const [, name, args] = nameAndArgs.match(/([^ ]+) *(.*)/);
    const cmd = this.createCommand(name);
    if (desc) {
      cmd.description(desc);
      cmd._executableHandler = true;
    }
    if (opts.isDefault) this._defaultCommandName = cmd._name;
    cmd._hidden = !!(opts.noHelp || opts.hidden);
    cmd._executableFile = opts.executableFile || null;
    if (args) cmd.arguments(args);
    this._registerCommand(cmd);
    cmd.parent = this;
    cmd.copyInheritedSettings(this);
    if (desc) return this;
    return cmd;
  }
  /**
   * Factory routine to create a new unattached command.
   *
   * See .command() for creating an attached subcommand, which uses this routine to
   * create the command. You can override createCommand to customise subcommands.
   *
   * @param {string} [name]
   * @return {Command} new command
   */
  createCommand(name) {
    return new _Command(name);
  }
  /**
   * You can customise the help with a subclass of Help by overriding createHelp,
   * or by overriding Help properties using configureHelp().
   *
   * @return {Help}
   */
  createHelp() {
    return Object.assign(new Help(), this.configureHelp());
  }
  /**
   * You can customise the help by overriding Help properties using configureHelp(),
   * or with a subclass of Help by overriding createHelp().
   *
   * @param {object} [configuration] - configuration options
   * @return {(Command | object)} `this` command for chaining, or stored configuration
   */
  configureHelp(configuration) {
    if (configuration === void 0) return this._helpConfiguration;
    this._helpConfiguration = configuration;
    return this;
  }
  /**
   * The default output goes to stdout and stderr. You can customise this for special
   * applications. You can also customise the display of errors by overriding outputError.
   *
   * The configuration properties are all functions:
   *
   *     // change how output being written, defaults to stdout and stderr
   *     writeOut(str)
   *     writeErr(str)
   *     // change how output being written for errors, defaults to writeErr
   *     outputError(str, write) // used for displaying errors and not used for displaying help
   *     // specify width for wrapping help
   *     getOutHelpWidth()
   *     getErrHelpWidth()
   *     // color support, currently only used with Help
   *     getOutHasColors()
   *     getErrHasColors()
   *     stripColor() // used to remove ANSI escape codes if output does not have colors
   *
   * @param {object} [configuration] - configuration options
   * @return {(Command | object)} `this` command for chaining, or stored configuration
   */
  configureOutput(configuration) {
    if (configuration === void 0) return this._outputConfiguration;
    this._outputConfiguration = {
      ...this._outputConfiguration,
      ...configuration
    };
    return this;
  }
  /**
   * Display the help or a custom message after an error occurs.
   *
   * @param {(boolean|string)} [displayHelp]
   * @return {Command} `this` command for chaining
   */
  showHelpAfterError(displayHelp = true) {
    if (typeof displayHelp !== "string") displayHelp = !!displayHelp;
    this._showHelpAfterError = displayHelp;
    return this;
  }
  /**
   * Display suggestion of similar commands for unknown commands, or options for unknown options.
   *
   * @param {boolean} [displaySuggestion]
   * @return {Command} `this` command for chaining
   */
  showSuggestionAfterError(displaySuggestion = true) {
    this._showSuggestionAfterError = !!displaySuggestion;
    return this;
  }
  /**
   * Add a prepared subcommand.
   *
   * See .command() for creating an attached subcommand which inherits settings from its parent.
   *
   * @param {Command} cmd - new subcommand
   * @param {object} [opts] - configuration options
   * @return {Command} `this` command for chaining
   */
  addCommand(cmd, opts) {
    if (!cmd._name) {
      throw new Error(`Command passed to .addCommand() must have a name
- specify the name in Command constructor or using .name()`);
    }
    opts = opts || {};
    if (opts.isDefault) this._defaultCommandName = cmd._name;
    if (opts.noHelp || opts.hidden) cmd._hidden = true;
    this._registerCommand(cmd);
    cmd.parent = this;
    cmd._checkForBrokenPassThrough();
    return this;
  }
  /**
   * Factory routine to create a new unattached argument.
   *
   * See .argument() for creating an attached argument, which uses this routine to
   * create the argument. You can override createArgument to return a custom argument.
   *
   * @param {string} name
   * @param {string} [description]
   * @return {Argument} new argument
   */
  createArgument(name, description) {
    return new Argument(name, description);
  }
  /**
   * Define argument syntax for command.
   *
   * The default is that the argument is required, and you can explicitly
   * indicate this with <> around the name. Put [] around the name for an optional argument.
   *
   * @example
   * program.argument('<input-file>');
   * program.argument('[output-file]');
   *
   * @param {string} name
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom argument processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */
  argument(name, description, parseArg, defaultValue) {
    const argument = this.createArgument(name, description);
    if (typeof parseArg === "function") {
      argument.default(defaultValue).argParser(parseArg);
    } else {
      argument.default(parseArg);
    }
    this.addArgument(argument);
    return this;
  }
  /**
   * Define argument syntax for command, adding multiple at once (without descriptions).
   *
   * See also .argument().
   *
   * @example
   * program.arguments('<cmd> [env]');
   *
   * @param {string} names
   * @return {Command} `this` command for chaining
   */
  arguments(names) {
    names.trim().split(/ +/).forEach((detail) => {
      this.argument(detail);
    });
    return this;
  }
  /**
   * Define argument syntax for command, adding a prepared argument.
   *
   * @param {Argument} argument
   * @return {Command} `this` command for chaining
   */
  addArgument(argument) {
    const previousArgument = this.registeredArguments.slice(-1)[0];
    if (previousArgument?.variadic) {
      throw new Error(
        `only the last argument can be variadic '${previousArgument.name()}'`
      );
    }
    if (argument.required && argument.defaultValue !== void 0 && argument.parseArg === void 0) {
      throw new Error(
        `a default value for a required argument is never used: '${argument.name()}'`
      );
    }
    this.registeredArguments.push(argument);
    return this;
  }
  /**
   * Customise or override default help command. By default a help command is automatically added if your command has subcommands.
   *
   * @example
   *    program.helpCommand('help [cmd]');
   *    program.helpCommand('help [cmd]', 'show help');
   *    program.helpCommand(false); // suppress default help command
   *    program.helpCommand(true); // add help command even if no subcommands
   *
   * @param {string|boolean} enableOrNameAndArgs - enable with custom name and/or arguments, or boolean to override whether added
   * @param {string} [description] - custom description
   * @return {Command} `this` command for chaining
   */
  helpCommand(enableOrNameAndArgs, description) {
    if (typeof enableOrNameAndArgs === "boolean") {
      this._addImplicitHelpCommand = enableOrNameAndArgs;
      if (enableOrNameAndArgs && this._defaultCommandGroup) {
        this._initCommandGroup(this._getHelpCommand());
      }
      return this;
    }
    const nameAndArgs = enableOrNameAndArgs ?? "help [command]";
    const [, helpName, helpArgs] = nameAndArgs.match(/([^ ]+) *(.*)/);
    const helpDescription = description ?? "display help for command";
    const helpCommand = this.createCommand(helpName);
    helpCommand.helpOption(false);
    if (helpArgs) helpCommand.arguments(helpArgs);
    if (helpDescription) helpCommand.description(helpDescription);
    this._addImplicitHelpCommand = true;
    this._helpCommand = helpCommand;
    if (enableOrNameAndArgs || description) this._initCommandGroup(helpCommand);
    return this;
  }
  /**
   * Add prepared custom help command.
   *
   * @param {(Command|string|boolean)} helpCommand - custom help command, or deprecated enableOrNameAndArgs as for `.helpCommand()`
   * @param {string} [deprecatedDescription] - deprecated custom description used with custom name only
   * @return {Command} `this` command for chaining
   */
  addHelpCommand(helpCommand, deprecatedDescription) {
    if (typeof helpCommand !== "object") {
      this.helpCommand(helpCommand, deprecatedDescription);
      return this;
    }
    this._addImplicitHelpCommand = true;
    this._helpCommand = helpCommand;
    this._initCommandGroup(helpCommand);
    return this;
  }
  /**
   * Lazy create help command.
   *
   * @return {(Command|null)}
   * @package
   */
  _getHelpCommand() {
    const hasImplicitHelpCommand = this._addImplicitHelpCommand ?? (this.commands.length && !this._actionHandler && !this._findCommand("help"));
    if (hasImplicitHelpCommand) {
      if (this._helpCommand === void 0) {
        this.helpCommand(void 0, void 0);
      }
      return this._helpCommand;
    }
    return null;
  }
  /**
   * Add hook for life cycle event.
   *
   * @param {string} event
   * @param {Function} listener
   * @return {Command} `this` command for chaining
   */
  hook(event, listener) {
    const allowedValues = ["preSubcommand", "preAction", "postAction"];
    if (!allowedValues.includes(event)) {
      throw new Error(`Unexpected value for event passed to hook : '${event}'.
Expecting one of '${allowedValues.join("', '")}'`);
    }
    if (this._lifeCycleHooks[event]) {
      this._lifeCycleHooks[event].push(listener);
    } else {
      this._lifeCycleHooks[event] = [listener];
    }
    return this;
  }
  /**
   * Register callback to use as replacement for calling process.exit.
   *
   * @param {Function} [fn] optional callback which will be passed a CommanderError, defaults to throwing
   * @return {Command} `this` command for chaining
   */
  exitOverride(fn) {
    if (fn) {
      this._exitCallback = fn;
    } else {
      this._exitCallback = (err) => {
        if (err.code !== "commander.executeSubCommandAsync") {
          throw err;
        } else {
        }
      };
    }
    return this;
  }
  /**
   * Call process.exit, and _exitCallback if defined.
   *
   * @param {number} exitCode exit code for using with process.exit
   * @param {string} code an id string representing the error
   * @param {string} message human-readable description of the error
   * @return never
   * @private
   */
  _exit(exitCode, code, message) {
    if (this._exitCallback) {
      this._exitCallback(new CommanderError(exitCode, code, message));
    }
    process2.exit(exitCode);
  }
  /**
   * Register callback `fn` for the command.
   *
   * @example
   * program
   *   .command('serve')
   *   .description('start service')
   *   .action(function() {
   *      // do work here
   *   });
   *
   * @param {Function} fn
   * @return {Command} `this` command for chaining
   */
  action(fn) {
    const listener = (args) => {
      const expectedArgsCount = this.registeredArguments.length;
      const actionArgs = args.slice(0, expectedArgsCount);
      if (this._storeOptionsAsProperties) {
        actionArgs[expectedArgsCount] = this;
      } else {
        actionArgs[expectedArgsCount] = this.opts();
      }
      actionArgs.push(this);
      return fn.apply(this, actionArgs);
    };
    this._actionHandler = listener;
    return this;
  }
  /**
   * Factory routine to create a new unattached option.
   *
   * See .option() for creating an attached option, which uses this routine to
   * create the option. You can override createOption to return a custom option.
   *
   * @param {string} flags
   * @param {string} [description]
   * @return {Option} new option
   */
  createOption(flags, description) {
    return new Option(flags, description);
  }
  /**
   * Wrap parseArgs to catch 'commander.invalidArgument'.
   *
   * @param {(Option | Argument)} target
   * @param {string} value
   * @param {*} previous
   * @param {string} invalidArgumentMessage
   * @private
   */
  _callParseArg(target, value, previous, invalidArgumentMessage) {
    try {
      return target.parseArg(value, previous);
    } catch (err) {
      if (err.code === "commander.invalidArgument") {
        const message = `${invalidArgumentMessage} ${err.message}`;
        this.error(message, { exitCode: err.exitCode, code: err.code });
      }
      throw err;
    }
  }
  /**
   * Check for option flag conflicts.
   * Register option if no conflicts found, or throw on conflict.
   *
   * @param {Option} option
   * @private
   */
  _registerOption(option) {
    const matchingOption = option.short && this._findOption(option.short) || option.long && this._findOption(option.long);
    if (matchingOption) {
      const matchingFlag = option.long && this._findOption(option.long) ? option.long : option.short;
      throw new Error(`Cannot add option '${option.flags}'${this._name && ` to command '${this._name}'`} due to conflicting flag '${matchingFlag}'
-  already used by option '${matchingOption.flags}'`);
    }
    this._initOptionGroup(option);
    this.options.push(option);
  }
  /**
   * Check for command name and alias conflicts with existing commands.
   * Register command if no conflicts found, or throw on conflict.
   *
   * @param {Command} command
   * @private
   */
  _registerCommand(command) {
    const knownBy = (cmd) => {
      return [cmd.name()].concat(cmd.aliases());
    };
    const alreadyUsed = knownBy(command).find(
      (name) => this._findCommand(name)
    );
    if (alreadyUsed) {
      const existingCmd = knownBy(this._findCommand(alreadyUsed)).join("|");
      const newCmd = knownBy(command).join("|");
      throw new Error(
        `cannot add command '${newCmd}' as already have command '${existingCmd}'`
      );
    }
    this._initCommandGroup(command);
    this.commands.push(command);
  }
  /**
   * Add an option.
   *
   * @param {Option} option
   * @return {Command} `this` command for chaining
   */
  addOption(option) {
    this._registerOption(option);
    const oname = option.name();
    const name = option.attributeName();
    if (option.defaultValue !== void 0) {
      this.setOptionValueWithSource(name, option.defaultValue, "default");
    }
    const handleOptionValue = (val, invalidValueMessage, valueSource) => {
      if (val == null && option.presetArg !== void 0) {
        val = option.presetArg;
      }
      const oldValue = this.getOptionValue(name);
      if (val !== null && option.parseArg) {
        val = this._callParseArg(option, val, oldValue, invalidValueMessage);
      } else if (val !== null && option.variadic) {
        val = option._collectValue(val, oldValue);
      }
      if (val == null) {
        if (option.negate) {
          val = false;
        } else if (option.isBoolean() || option.optional) {
          val = true;
        } else {
          val = "";
        }
      }
      this.setOptionValueWithSource(name, val, valueSource);
    };
    this.on("option:" + oname, (val) => {
      const invalidValueMessage = `error: option '${option.flags}' argument '${val}' is invalid.`;
      handleOptionValue(val, invalidValueMessage, "cli");
    });
    if (option.envVar) {
      this.on("optionEnv:" + oname, (val) => {
        const invalidValueMessage = `error: option '${option.flags}' value '${val}' from env '${option.envVar}' is invalid.`;
        handleOptionValue(val, invalidValueMessage, "env");
      });
    }
    return this;
  }
  /**
   * Internal implementation shared by .option() and .requiredOption()
   *
   * @return {Command} `this` command for chaining
   * @private
   */
  _optionEx(config, flags, description, fn, defaultValue) {
    if (typeof flags === "object" && flags instanceof Option) {
      throw new Error(
        "To add an Option object use addOption() instead of option() or requiredOption()"
      );
    }
    const option = this.createOption(flags, description);
    option.makeOptionMandatory(!!config.mandatory);
    if (typeof fn === "function") {
      option.default(defaultValue).argParser(fn);
    } else if (fn instanceof RegExp) {
      const regex = fn;
      fn = (val, def) => {
        const m = regex.exec(val);
        return m ? m[0] : def;
      };
      option.default(defaultValue).argParser(fn);
    } else {
      option.default(fn);
    }
    return this.addOption(option);
  }
  /**
   * Define option with `flags`, `description`, and optional argument parsing function or `defaultValue` or both.
   *
   * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space. A required
   * option-argument is indicated by `<>` and an optional option-argument by `[]`.
   *
   * See the README for more details, and see also addOption() and requiredOption().
   *
   * @example
   * program
   *     .option('-p, --pepper', 'add pepper')
   *     .option('--pt, --pizza-type <TYPE>', 'type of pizza') // required option-argument
   *     .option('-c, --cheese [CHEESE]', 'add extra cheese', 'mozzarella') // optional option-argument with default
   *     .option('-t, --tip <VALUE>', 'add tip to purchase cost', parseFloat) // custom parse function
   *
   * @param {string} flags
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom option processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */
  option(flags, description, parseArg, defaultValue) {
    return this._optionEx({}, flags, description, parseArg, defaultValue);
  }
  /**
   * Add a required option which must have a value after parsing. This usually means
   * the option must be specified on the command line. (Otherwise the same as .option().)
   *
   * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space.
   *
   * @param {string} flags
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom option processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */
  requiredOption(flags, description, parseArg, defaultValue) {
    return this._optionEx(
      { mandatory: true },
      flags,
      description,
      parseArg,
      defaultValue
    );
  }
  /**
   * Alter parsing of short flags with optional values.
   *
   * @example
   * // for `.option('-f,--flag [value]'):
   * program.combineFlagAndOptionalValue(true);  // `-f80` is treated like `--flag=80`, this is the default behaviour
   * program.combineFlagAndOptionalValue(false) // `-fb` is treated like `-f -b`
   *
   * @param {boolean} [combine] - if `true` or omitted, an optional value can be specified directly after the flag.
   * @return {Command} `this` command for chaining
   */
  combineFlagAndOptionalValue(combine = true) {
    this._combineFlagAndOptionalValue = !!combine;
    return this;
  }
  /**
   * Allow unknown options on the command line.
   *
   * @param {boolean} [allowUnknown] - if `true` or omitted, no error will be thrown for unknown options.
   * @return {Command} `this` command for chaining
   */
  allowUnknownOption(allowUnknown = true) {
    this._allowUnknownOption = !!allowUnknown;
    return this;
  }
  /**
   * Allow excess command-arguments on the command line. Pass false to make excess arguments an error.
   *
   * @param {boolean} [allowExcess] - if `true` or omitted, no error will be thrown for excess arguments.
   * @return {Command} `this` command for chaining
   */
  allowExcessArguments(allowExcess = true) {
    this._allowExcessArguments = !!allowExcess;
    return this;
  }
  /**
   * Enable positional options. Positional means global options are specified before subcommands which lets
   * subcommands reuse the same option names, and also enables subcommands to turn on passThroughOptions.
   * The default behaviour is non-positional and global options may appear anywhere on the command line.
   *
   * @param {boolean} [positional]
   * @return {Command} `this` command for chaining
   */
  enablePositionalOptions(positional = true) {
    this._enablePositionalOptions = !!positional;
    return this;
  }
  /**
   * Pass through options that come after command-arguments rather than treat them as command-options,
   * so actual command-options come before command-arguments. Turning this on for a subcommand requires
   * positional options to have been enabled on the program (parent commands).
   * The default behaviour is non-positional and options may appear before or after command-arguments.
   *
   * @param {boolean} [passThrough] for unknown options.
   * @return {Command} `this` command for chaining
   */
  passThroughOptions(passThrough = true) {
    this._passThroughOptions = !!passThrough;
    this._checkForBrokenPassThrough();
    return this;
  }
  /**
   * @private
   */
  _checkForBrokenPassThrough() {
    if (this.parent && this._passThroughOptions && !this.parent._enablePositionalOptions) {
      throw new Error(
        `passThroughOptions cannot be used for '${this._name}' without turning on enablePositionalOptions for parent command(s)`
      );
    }
  }
  /**
   * Whether to store option values as properties on command object,
   * or store separately (specify false). In both cases the option values can be accessed using .opts().
   *
   * @param {boolean} [storeAsProperties=true]
   * @return {Command} `this` command for chaining
   */
  storeOptionsAsProperties(storeAsProperties = true) {
    if (this.options.length) {
      throw new Error("call .storeOptionsAsProperties() before adding options");
    }
    if (Object.keys(this._optionValues).length) {
      throw new Error(
        "call .storeOptionsAsProperties() before setting option values"
      );
    }
    this._storeOptionsAsProperties = !!storeAsProperties;
    return this;
  }
  /**
   * Retrieve option value.
   *
   * @param {string} key
   * @return {object} value
   */
  getOptionValue(key) {
    if (this._storeOptionsAsProperties) {
      return this[key];
    }
    return this._optionValues[key];
  }
  /**
   * Store option value.
   *
   * @param {string} key
   * @param {object} value
   * @return {Command} `this` command for chaining
   */
  setOptionValue(key, value) {
    return this.setOptionValueWithSource(key, value, void 0);
  }
  /**
   * Store option value and where the value came from.
   *
   * @param {string} key
   * @param {object} value
   * @param {string} source - expected values are default/config/env/cli/implied
   * @return {Command} `this` command for chaining
   */
  setOptionValueWithSource(key, value, source) {
    if (this._storeOptionsAsProperties) {
      this[key] = value;
    } else {
      this._optionValues[key] = value;
    }
    this._optionValueSources[key] = source;
    return this;
  }
  /**
   * Get source of option value.
   * Expected values are default | config | env | cli | implied
   *
   * @param {string} key
   * @return {string}
   */
  getOptionValueSource(key) {
    return this._optionValueSources[key];
  }
  /**
   * Get source of option value. See also .optsWithGlobals().
   * Expected values are default | config | env | cli | implied
   *
   * @param {string} key
   * @return {string}
   */
  getOptionValueSourceWithGlobals(key) {
    let source;
    this._getCommandAndAncestors().forEach((cmd) => {
      if (Object.hasOwn(cmd._optionValueSources, key)) {
        source = cmd.getOptionValueSource(key);
      }
    });
    return source;
  }
  /**
   * Get user arguments from implied or explicit arguments.
   * Side-effects: set _scriptPath if args included script. Used for default program name, and subcommand searches.
   *
   * @private
   */
  _prepareUserArgs(argv, parseOptions) {
    if (argv !== void 0 && !Array.isArray(argv)) {
      throw new Error("first parameter to parse must be array or undefined");
    }
    parseOptions = parseOptions || {};
    if (argv === void 0 && parseOptions.from === void 0) {
      if (process2.versions?.electron) {
        parseOptions.from = "electron";
      }
      const execArgv = process2.execArgv ?? [];
      if (execArgv.includes("-e") || execArgv.includes("--eval") || execArgv.includes("-p") || execArgv.includes("--print")) {
        parseOptions.from = "eval";
      }
    }
    if (argv === void 0) {
      argv = process2.argv;
    }
    this.rawArgs = argv.slice();
    let userArgs;
    switch (parseOptions.from) {
      case void 0:
      case "node":
        this._scriptPath = argv[1];
        userArgs = argv.slice(2);
        break;
      case "electron":
        if (process2.defaultApp) {
          this._scriptPath = argv[1];
          userArgs = argv.slice(2);
        } else {
          userArgs = argv.slice(1);
        }
        break;
      case "user":
        userArgs = argv.slice(0);
        break;
      case "eval":
        userArgs = argv.slice(1);
        break;
      default:
        throw new Error(
          `unexpected parse option { from: '${parseOptions.from}' }`
        );
    }
    if (!this._name && this._scriptPath)
      this.nameFromFilename(this._scriptPath);
    this._name = this._name || "program";
    return userArgs;
  }
  /**
   * Parse `argv`, setting options and invoking commands when defined.
   *
   * Use parseAsync instead of parse if any of your action handlers are async.
   *
   * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
   *
   * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
   * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
   * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
   * - `'user'`: just user arguments
   *
   * @example
   * program.parse(); // parse process.argv and auto-detect electron and special node flags
   * program.parse(process.argv); // assume argv[0] is app and argv[1] is script
   * program.parse(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
   *
   * @param {string[]} [argv] - optional, defaults to process.argv
   * @param {object} [parseOptions] - optionally specify style of options with from: node/user/electron
   * @param {string} [parseOptions.from] - where the args are from: 'node', 'user', 'electron'
   * @return {Command} `this` command for chaining
   */
  parse(argv, parseOptions) {
    this._prepareForParse();
    const userArgs = this._prepareUserArgs(argv, parseOptions);
    this._parseCommand([], userArgs);
    return this;
  }
  /**
   * Parse `argv`, setting options and invoking commands when defined.
   *
   * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
   *
   * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
   * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
   * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
   * - `'user'`: just user arguments
   *
   * @example
   * await program.parseAsync(); // parse process.argv and auto-detect electron and special node flags
   * await program.parseAsync(process.argv); // assume argv[0] is app and argv[1] is script
   * await program.parseAsync(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
   *
   * @param {string[]} [argv]
   * @param {object} [parseOptions]
   * @param {string} parseOptions.from - where the args are from: 'node', 'user', 'electron'
   * @return {Promise}
   */
  async parseAsync(argv, parseOptions) {
    this._prepareForParse();
    const userArgs = this._prepareUserArgs(argv, parseOptions);
    await this._parseCommand([], userArgs);
    return this;
  }
  _prepareForParse() {
    if (this._savedState === null) {
      this.options.filter(
        (option) => option.negate && option.defaultValue === void 0 && this.getOptionValue(option.attributeName()) === void 0
      ).forEach((option) => {
        const positiveLongFlag = option.long.replace(/^--no-/, "--");
        if (!this._findOption(positiveLongFlag)) {
          this.setOptionValueWithSource(
            option.attributeName(),
            true,
            "default"
          );
        }
      });
      this.saveStateBeforeParse();
    } else {
      this.restoreStateBeforeParse();
    }
  }
  /**
   * Called the first time parse is called to save state and allow a restore before subsequent calls to parse.
   * Not usually called directly, but available for subclasses to save their custom state.
   *
   * This is called in a lazy way. Only commands used in parsing chain will have state saved.
   */
  saveStateBeforeParse() {
    this._savedState = {
      // name is stable if supplied by author, but may be unspecified for root command and deduced during parsing
      _name: this._name,
      // option values before parse have default values (including false for negated options)
      // shallow clones
      _optionValues: { ...this._optionValues },
      _optionValueSources: { ...this._optionValueSources }
    };
  }
  /**
   * Restore state before parse for calls after the first.
   * Not usually called directly, but available for subclasses to save their custom state.
   *
   * This is called in a lazy way. Only commands used in parsing chain will have state restored.
   */
  restoreStateBeforeParse() {
    if (this._storeOptionsAsProperties)
      throw new Error(`Can not call parse again when storeOptionsAsProperties is true.
- either make a new Command for each call to parse, or stop storing options as properties`);
    this._name = this._savedState._name;
    this._scriptPath = null;
    this.rawArgs = [];
    this._optionValues = { ...this._savedState._optionValues };
    this._optionValueSources = { ...this._savedState._optionValueSources };
    this.args = [];
    this.processedArgs = [];
  }
  /**
   * Throw if expected executable is missing. Add lots of help for author.
   *
   * @param {string} executableFile
   * @param {string} executableDir
   * @param {string} subcommandName
   */
  _checkForMissingExecutable(executableFile, executableDir, subcommandName) {
    if (fs.existsSync(executableFile)) return;
    const executableDirMessage = executableDir ? `searched for local subcommand relative to directory '${executableDir}'` : "no directory for search for local subcommand, use .executableDir() to supply a custom directory";
    const executableMissing = `'${executableFile}' does not exist
 - if '${subcommandName}' is not meant to be an executable command, remove description parameter from '.command()' and use '.description()' instead
 - if the default executable name is not suitable, use the executableFile option to supply a custom name or path
 - ${executableDirMessage}`;
    throw new Error(executableMissing);
  }
  /**
   * Execute a sub-command executable.
   *
   * @private
   */
  _executeSubCommand(subcommand, args) {
    args = args.slice();
    const sourceExt = [".js", ".ts", ".tsx", ".mjs", ".cjs"];
    function findFile(baseDir, baseName) {
      const localBin = path.resolve(baseDir, baseName);
      if (fs.existsSync(localBin)) return localBin;
      if (sourceExt.includes(path.extname(baseName))) return void 0;
      const foundExt = sourceExt.find(
        (ext) => fs.existsSync(`${localBin}${ext}`)
      );
      if (foundExt) return `${localBin}${foundExt}`;
      return void 0;
    }
    this._checkForMissingMandatoryOptions();
    this._checkForConflictingOptions();
    let executableFile = subcommand._executableFile || `${this._name}-${subcommand._name}`;
    let executableDir = this._executableDir || "";
    if (this._scriptPath) {
      let resolvedScriptPath;
      try {
        resolvedScriptPath = fs.realpathSync(this._scriptPath);
      } catch {
        resolvedScriptPath = this._scriptPath;
      }
      executableDir = path.resolve(
        path.dirname(resolvedScriptPath),
        executableDir
      );
    }
    if (executableDir) {
      let localFile = findFile(executableDir, executableFile);
      if (!localFile && !subcommand._executableFile && this._scriptPath) {
        const legacyName = path.basename(
          this._scriptPath,
          path.extname(this._scriptPath)
        );
        if (legacyName !== this._name) {
          localFile = findFile(
            executableDir,
            `${legacyName}-${subcommand._name}`
          );
        }
      }
      executableFile = localFile || executableFile;
    }
    const launchWithNode = sourceExt.includes(path.extname(executableFile));
    let proc;
    if (process2.platform !== "win32") {
      if (launchWithNode) {
        args.unshift(executableFile);
        args = incrementNodeInspectorPort(process2.execArgv).concat(args);
        proc = childProcess.spawn(process2.argv[0], args, { stdio: "inherit" });
      } else {
        proc = childProcess.spawn(executableFile, args, { stdio: "inherit" });
      }
    } else {
      this._checkForMissingExecutable(
        executableFile,
        executableDir,
        subcommand._name
      );
      args.unshift(executableFile);
      args = incrementNodeInspectorPort(process2.execArgv).concat(args);
      proc = childProcess.spawn(process2.execPath, args, { stdio: "inherit" });
    }
    if (!proc.killed) {
      const signals = ["SIGUSR1", "SIGUSR2", "SIGTERM", "SIGINT", "SIGHUP"];
      signals.forEach((signal) => {
        process2.on(signal, () => {
          if (proc.killed === false && proc.exitCode === null) {
            proc.kill(signal);
          }
        });
      });
    }
    const exitCallback = this._exitCallback;
    proc.on("close", (code) => {
      code = code ?? 1;
      if (!exitCallback) {
        process2.exit(code);
      } else {
        exitCallback(
          new CommanderError(
            code,
            "commander.executeSubCommandAsync",
            "(close)"
          )
        );
      }
    });
    proc.on("error", (err) => {
      if (err.code === "ENOENT") {
        this._checkForMissingExecutable(
          executableFile,
          executableDir,
          subcommand._name
        );
      } else if (err.code === "EACCES") {
        throw new Error(`'${executableFile}' not executable`);
      }
      if (!exitCallback) {
        process2.exit(1);
      } else {
        const wrappedError = new CommanderError(
          1,
          "commander.executeSubCommandAsync",
          "(error)"
        );
        wrappedError.nestedError = err;
        exitCallback(wrappedError);
      }
    });
    this.runningCommand = proc;
  }
  /**
   * @private
   */
  _dispatchSubcommand(commandName, operands, unknown) {
    const subCommand = this._findCommand(commandName);
    if (!subCommand) this.help({ error: true });
    subCommand._prepareForParse();
    let promiseChain;
    promiseChain = this._chainOrCallSubCommandHook(
      promiseChain,
      subCommand,
      "preSubcommand"
    );
    promiseChain = this._chainOrCall(promiseChain, () => {
      if (subCommand._executableHandler) {
        this._executeSubCommand(subCommand, operands.concat(unknown));
      } else {
        return subCommand._parseCommand(operands, unknown);
      }
    });
    return promiseChain;
  }
  /**
   * Invoke help directly if possible, or dispatch if necessary.
   * e.g. help foo
   *
   * @private
   */
  _dispatchHelpCommand(subcommandName) {
    if (!subcommandName) {
      this.help();
    }
    const subCommand = this._findCommand(subcommandName);
    if (subCommand && !subCommand._executableHandler) {
      subCommand.help();
    }
    return this._dispatchSubcommand(
      subcommandName,
      [],
      [this._getHelpOption()?.long ?? this._getHelpOption()?.short ?? "--help"]
    );
  }
  /**
   * Check this.args against expected this.registeredArguments.
   *
   * @private
   */
  _checkNumberOfArguments() {
    this.registeredArguments.forEach((arg, i) => {
      if (arg.required && this.args[i] == null) {
        this.missingArgument(arg.name());
      }
    });
    if (this.registeredArguments.length > 0 && this.registeredArguments[this.registeredArguments.length - 1].variadic) {
      return;
    }
    if (this.args.length > this.registeredArguments.length) {
      this._excessArguments(this.args);
    }
  }
  /**
   * Process this.args using this.registeredArguments and save as this.processedArgs!
   *
   * @private
   */
  _processArguments() {
    const myParseArg = (argument, value, previous) => {
      let parsedValue = value;
      if (value !== null && argument.parseArg) {
        const invalidValueMessage = `error: command-argument value '${value}' is invalid for argument '${argument.name()}'.`;
        parsedValue = this._callParseArg(
          argument,
          value,
          previous,
          invalidValueMessage
        );
      }
      return parsedValue;
    };
    this._checkNumberOfArguments();
    const processedArgs = [];
    this.registeredArguments.forEach((declaredArg, index) => {
      let value = declaredArg.defaultValue;
      if (declaredArg.variadic) {
        if (index < this.args.length) {
          value = this.args.slice(index);
          if (declaredArg.parseArg) {
            value = value.reduce((processed, v) => {
              return myParseArg(declaredArg, v, processed);
            }, declaredArg.defaultValue);
          }
        } else if (value === void 0) {
          value = [];
        }
      } else if (index < this.args.length) {
        value = this.args[index];
        if (declaredArg.parseArg) {
          value = myParseArg(declaredArg, value, declaredArg.defaultValue);
        }
      }
      processedArgs[index] = value;
    });
    this.processedArgs = processedArgs;
  }
  /**
   * Once we have a promise we chain, but call synchronously until then.
   *
   * @param {(Promise|undefined)} promise
   * @param {Function} fn
   * @return {(Promise|undefined)}
   * @private
   */
  _chainOrCall(promise, fn) {
    if (promise?.then && typeof promise.then === "function") {
      return promise.then(() => fn());
    }
    return fn();
  }
  /**
   *
   * @param {(Promise|undefined)} promise
   * @param {string} event
   * @return {(Promise|undefined)}
   * @private
   */
  _chainOrCallHooks(promise, event) {
    let result = promise;
    const hooks = [];
    this._getCommandAndAncestors().reverse().filter((cmd) => cmd._lifeCycleHooks[event] !== void 0).forEach((hookedCommand) => {
      hookedCommand._lifeCycleHooks[event].forEach((callback) => {
        hooks.push({ hookedCommand, callback });
      });
    });
    if (event === "postAction") {
      hooks.reverse();
    }
    hooks.forEach((hookDetail) => {
      result = this._chainOrCall(result, () => {
        return hookDetail.callback(hookDetail.hookedCommand, this);
      });
    });
    return result;
  }
  /**
   *
   * @param {(Promise|undefined)} promise
   * @param {Command} subCommand
   * @param {string} event
   * @return {(Promise|undefined)}
   * @private
   */
  _chainOrCallSubCommandHook(promise, subCommand, event) {
    let result = promise;
    if (this._lifeCycleHooks[event] !== void 0) {
      this._lifeCycleHooks[event].forEach((hook) => {
        result = this._chainOrCall(result, () => {
          return hook(this, subCommand);
        });
      });
    }
    return result;
  }
  /**
   * Process arguments in context of this command.
   * Returns action result, in case it is a promise.
   *
   * @private
   */
  _parseCommand(operands, unknown) {
    const parsed = this.parseOptions(unknown);
    this._parseOptionsEnv();
    this._parseOptionsImplied();
    operands = operands.concat(parsed.operands);
    unknown = parsed.unknown;
    this.args = operands.concat(unknown);
    if (operands && this._findCommand(operands[0])) {
      return this._dispatchSubcommand(operands[0], operands.slice(1), unknown);
    }
    if (this._getHelpCommand() && operands[0] === this._getHelpCommand().name()) {
      return this._dispatchHelpCommand(operands[1]);
    }
    if (this._defaultCommandName) {
      this._outputHelpIfRequested(unknown);
      return this._dispatchSubcommand(
        this._defaultCommandName,
        operands,
        unknown
      );
    }
    if (this.commands.length && this.args.length === 0 && !this._actionHandler && !this._defaultCommandName) {
      this.help({ error: true });
    }
    this._outputHelpIfRequested(parsed.unknown);
    this._checkForMissingMandatoryOptions();
    this._checkForConflictingOptions();
    const checkForUnknownOptions = () => {
      if (parsed.unknown.length > 0) {
        this.unknownOption(parsed.unknown[0]);
      }
    };
    const commandEvent = `command:${this.name()}`;
    if (this._actionHandler) {
      checkForUnknownOptions();
      this._processArguments();
      let promiseChain;
      promiseChain = this._chainOrCallHooks(promiseChain, "preAction");
      promiseChain = this._chainOrCall(
        promiseChain,
        () => this._actionHandler(this.processedArgs)
      );
      if (this.parent) {
        promiseChain = this._chainOrCall(promiseChain, () => {
          this.parent.emit(commandEvent, operands, unknown);
        });
      }
      promiseChain = this._chainOrCallHooks(promiseChain, "postAction");
      return promiseChain;
    }
    if (this.parent?.listenerCount(commandEvent)) {
      checkForUnknownOptions();
      this._processArguments();
      this.parent.emit(commandEvent, operands, unknown);
    } else if (operands.length) {
      if (this._findCommand("*")) {
        return this._dispatchSubcommand("*", operands, unknown);
      }
      if (this.listenerCount("command:*")) {
        this.emit("command:*", operands, unknown);
      } else if (this.commands.length) {
        this.unknownCommand();
      } else {
        checkForUnknownOptions();
        this._processArguments();
      }
    } else if (this.commands.length) {
      checkForUnknownOptions();
      this.help({ error: true });
    } else {
      checkForUnknownOptions();
      this._processArguments();
    }
  }
  /**
   * Find matching command.
   *
   * @private
   * @return {Command | undefined}
   */
  _findCommand(name) {
    if (!name) return void 0;
    return this.commands.find(
      (cmd) => cmd._name === name || cmd._aliases.includes(name)
    );
  }
  /**
   * Return an option matching `arg` if any.
   *
   * @param {string} arg
   * @return {Option}
   * @package
   */
  _findOption(arg) {
    return this.options.find((option) => option.is(arg));
  }
  /**
   * Display an error message if a mandatory option does not have a value.
   * Called after checking for help flags in leaf subcommand.
   *
   * @private
   */
  _checkForMissingMandatoryOptions() {
    this._getCommandAndAncestors().forEach((cmd) => {
      cmd.options.forEach((anOption) => {
        if (anOption.mandatory && cmd.getOptionValue(anOption.attributeName()) === void 0) {
          cmd.missingMandatoryOptionValue(anOption);
        }
      });
    });
  }
  /**
   * Display an error message if conflicting options are used together in this.
   *
   * @private
   */
  _checkForConflictingLocalOptions() {
    const definedNonDefaultOptions = this.options.filter((option) => {
      const optionKey = option.attributeName();
      if (this.getOptionValue(optionKey) === void 0) {
        return false;
      }
      return this.getOptionValueSource(optionKey) !== "default";
    });
    const optionsWithConflicting = definedNonDefaultOptions.filter(
      (option) => option.conflictsWith.length > 0
    );
    optionsWithConflicting.forEach((option) => {
      const conflictingAndDefined = definedNonDefaultOptions.find(
        (defined) => option.conflictsWith.includes(defined.attributeName())
      );
      if (conflictingAndDefined) {
        this._conflictingOption(option, conflictingAndDefined);
      }
    });
  }
  /**
   * Display an error message if conflicting options are used together.
   * Called after checking for help flags in leaf subcommand.
   *
   * @private
   */
  _checkForConflictingOptions() {
    this._getCommandAndAncestors().forEach((cmd) => {
      cmd._checkForConflictingLocalOptions();
    });
  }
  /**
   * Parse options from `argv` removing known options,
   * and return argv split into operands and unknown arguments.
   *
   * Side effects: modifies command by storing options. Does not reset state if called again.
   *
   * Examples:
   *
   *     argv => operands, unknown
   *     --known kkk op => [op], []
   *     op --known kkk => [op], []
   *     sub --unknown uuu op => [sub], [--unknown uuu op]
   *     sub -- --unknown uuu op => [sub --unknown uuu op], []
   *
   * @param {string[]} args
   * @return {{operands: string[], unknown: string[]}}
   */
  parseOptions(args) {
    const operands = [];
    const unknown = [];
    let dest = operands;
    function maybeOption(arg) {
      return arg.length > 1 && arg[0] === "-";
    }
    const negativeNumberArg = (arg) => {
      if (!/^-(\d+|\d*\.\d+)([eE][+-]?\d+)?$/.test(arg)) return false;
      return !this._getCommandAndAncestors().some(
        (cmd) => cmd.options.map((opt) => opt.short).some((short) => /^-\d$/.test(short))
      );
    };
    let activeVariadicOption = null;
    let activeGroup = null;
    let i = 0;
    while (i < args.length || activeGroup) {
      const arg = activeGroup ?? args[i++];
      activeGroup = null;
      if (arg === "--") {
        if (dest === unknown) dest.push(arg);
        dest.push(...args.slice(i));
        break;
      }
      if (activeVariadicOption && (!maybeOption(arg) || negativeNumberArg(arg))) {
        this.emit(`option:${activeVariadicOption.name()}`, arg);
        continue;
      }
      activeVariadicOption = null;
      if (maybeOption(arg)) {
        const option = this._findOption(arg);
        if (option) {
          if (option.required) {
            const value = args[i++];
            if (value === void 0) this.optionMissingArgument(option);
            this.emit(`option:${option.name()}`, value);
          } else if (option.optional) {
            let value = null;
            if (i < args.length && (!maybeOption(args[i]) || negativeNumberArg(args[i]))) {
              value = args[i++];
            }
            this.emit(`option:${option.name()}`, value);
          } else {
            this.emit(`option:${option.name()}`);
          }
          activeVariadicOption = option.variadic ? option : null;
          continue;
        }
      }
      if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
        const option = this._findOption(`-${arg[1]}`);
        if (option) {
          if (option.required || option.optional && this._combineFlagAndOptionalValue) {
            this.emit(`option:${option.name()}`, arg.slice(2));
          } else {
            this.emit(`option:${option.name()}`);
            activeGroup = `-${arg.slice(2)}`;
          }
          continue;
        }
      }
      if (/^--[^=]+=/.test(arg)) {
        const index = arg.indexOf("=");
        const option = this._findOption(arg.slice(0, index));
        if (option && (option.required || option.optional)) {
          this.emit(`option:${option.name()}`, arg.slice(index + 1));
          continue;
        }
      }
      if (dest === operands && maybeOption(arg) && !(this.commands.length === 0 && negativeNumberArg(arg))) {
        dest = unknown;
      }
      if ((this._enablePositionalOptions || this._passThroughOptions) && operands.length === 0 && unknown.length === 0) {
        if (this._findCommand(arg)) {
          operands.push(arg);
          unknown.push(...args.slice(i));
          break;
        } else if (this._getHelpCommand() && arg === this._getHelpCommand().name()) {
          operands.push(arg, ...args.slice(i));
          break;
        } else if (this._defaultCommandName) {
          unknown.push(arg, ...args.slice(i));
          break;
        }
      }
      if (this._passThroughOptions) {
        dest.push(arg, ...args.slice(i));
        break;
      }
      dest.push(arg);
    }
    return { operands, unknown };
  }
  /**
   * Return an object containing local option values as key-value pairs.
   *
   * @return {object}
   */
  opts() {
    if (this._storeOptionsAsProperties) {
      const result = {};
      const len = this.options.length;
      for (let i = 0; i < len; i++) {
        const key = this.options[i].attributeName();
        result[key] = key === this._versionOptionName ? this._version : this[key];
      }
      return result;
    }
    return this._optionValues;
  }
  /**
   * Return an object containing merged local and global option values as key-value pairs.
   *
   * @return {object}
   */
  optsWithGlobals() {
    return this._getCommandAndAncestors().reduce(
      (combinedOptions, cmd) => Object.assign(combinedOptions, cmd.opts()),
      {}
    );
  }
  /**
   * Display error message and exit (or call exitOverride).
   *
   * @param {string} message
   * @param {object} [errorOptions]
   * @param {string} [errorOptions.code] - an id string representing the error
   * @param {number} [errorOptions.exitCode] - used with process.exit
   */
  error(message, errorOptions) {
    this._outputConfiguration.outputError(
      `${message}
`,
      this._outputConfiguration.writeErr
    );
    if (typeof this._showHelpAfterError === "string") {
      this._outputConfiguration.writeErr(`${this._showHelpAfterError}
`);
    } else if (this._showHelpAfterError) {
      this._outputConfiguration.writeErr("\n");
      this.outputHelp({ error: true });
    }
    const config = errorOptions || {};
    const exitCode = config.exitCode || 1;
    const code = config.code || "commander.error";
    this._exit(exitCode, code, message);
  }
  /**
   * Apply any option related environment variables, if option does
   * not have a value from cli or client code.
   *
   * @private
   */
  _parseOptionsEnv() {
    this.options.forEach((option) => {
      if (option.envVar && option.envVar in process2.env) {
        const optionKey = option.attributeName();
        if (this.getOptionValue(optionKey) === void 0 || ["default", "config", "env"].includes(
          this.getOptionValueSource(optionKey)
        )) {
          if (option.required || option.optional) {
            this.emit(`optionEnv:${option.name()}`, process2.env[option.envVar]);
          } else {
            this.emit(`optionEnv:${option.name()}`);
          }
        }
      }
    });
  }
  /**
   * Apply any implied option values, if option is undefined or default value.
   *
   * @private
   */
  _parseOptionsImplied() {
    const dualHelper = new DualOptions(this.options);
    const hasCustomOptionValue = (optionKey) => {
      return this.getOptionValue(optionKey) !== void 0 && !["default", "implied"].includes(this.getOptionValueSource(optionKey));
    };
    this.options.filter(
      (option) => option.implied !== void 0 && hasCustomOptionValue(option.attributeName()) && dualHelper.valueFromOption(
        this.getOptionValue(option.attributeName()),
        option
      )
    ).forEach((option) => {
      Object.keys(option.implied).filter((impliedKey) => !hasCustomOptionValue(impliedKey)).forEach((impliedKey) => {
        this.setOptionValueWithSource(
          impliedKey,
          option.implied[impliedKey],
          "implied"
        );
      });
    });
  }
  /**
   * Argument `name` is missing.
   *
   * @param {string} name
   * @private
   */
  missingArgument(name) {
    const message = `error: missing required argument '${name}'`;
    this.error(message, { code: "commander.missingArgument" });
  }
  /**
   * `Option` is missing an argument.
   *
   * @param {Option} option
   * @private
   */
  optionMissingArgument(option) {
    const message = `error: option '${option.flags}' argument missing`;
    this.error(message, { code: "commander.optionMissingArgument" });
  }
  /**
   * `Option` does not have a value, and is a mandatory option.
   *
   * @param {Option} option
   * @private
   */
  missingMandatoryOptionValue(option) {
    const message = `error: required option '${option.flags}' not specified`;
    this.error(message, { code: "commander.missingMandatoryOptionValue" });
  }
  /**
   * `Option` conflicts with another option.
   *
   * @param {Option} option
   * @param {Option} conflictingOption
   * @private
   */
  _conflictingOption(option, conflictingOption) {
    const findBestOptionFromValue = (option2) => {
      const optionKey = option2.attributeName();
      const optionValue = this.getOptionValue(optionKey);
      const negativeOption = this.options.find(
        (target) => target.negate && optionKey === target.attributeName()
      );
      const positiveOption = this.options.find(
        (target) => !target.negate && optionKey === target.attributeName()
      );
      if (negativeOption && (negativeOption.presetArg === void 0 && optionValue === false || negativeOption.presetArg !== void 0 && optionValue === negativeOption.presetArg)) {
        return negativeOption;
      }
      return positiveOption || option2;
    };
    const getErrorMessage = (option2) => {
      const bestOption = findBestOptionFromValue(option2);
      const optionKey = bestOption.attributeName();
      const source = this.getOptionValueSource(optionKey);
      if (source === "env") {
        return `environment variable '${bestOption.envVar}'`;
      }
      return `option '${bestOption.flags}'`;
    };
    const message = `error: ${getErrorMessage(option)} cannot be used with ${getErrorMessage(conflictingOption)}`;
    this.error(message, { code: "commander.conflictingOption" });
  }
  /**
   * Unknown option `flag`.
   *
   * @param {string} flag
   * @private
   */
  unknownOption(flag) {
    if (this._allowUnknownOption) return;
    let suggestion = "";
    if (flag.startsWith("--") && this._showSuggestionAfterError) {
      let candidateFlags = [];
      let command = this;
      do {
        const moreFlags = command.createHelp().visibleOptions(command).filter((option) => option.long).map((option) => option.long);
        candidateFlags = candidateFlags.concat(moreFlags);
        command = command.parent;
      } while (command && !command._enablePositionalOptions);
      suggestion = suggestSimilar(flag, candidateFlags);
    }
    const message = `error: unknown option '${flag}'${suggestion}`;
    this.error(message, { code: "commander.unknownOption" });
  }
  /**
   * Excess arguments, more than expected.
   *
   * @param {string[]} receivedArgs
   * @private
   */
  _excessArguments(receivedArgs) {
    if (this._allowExcessArguments) return;
    const expected = this.registeredArguments.length;
    const s = expected === 1 ? "" : "s";
    const received = receivedArgs.length;
    const forSubcommand = this.parent ? ` for '${this.name()}'` : "";
    const details = receivedArgs.join(", ");
    const message = `error: too many arguments${forSubcommand}. Expected ${expected} argument${s} but got ${received}: ${details}.`;
    this.error(message, { code: "commander.excessArguments" });
  }
  /**
   * Unknown command.
   *
   * @private
   */
  unknownCommand() {
    const unknownName = this.args[0];
    let suggestion = "";
    if (this._showSuggestionAfterError) {
      const candidateNames = [];
      this.createHelp().visibleCommands(this).forEach((command) => {
        candidateNames.push(command.name());
        if (command.alias()) candidateNames.push(command.alias());
      });
      suggestion = suggestSimilar(unknownName, candidateNames);
    }
    const message = `error: unknown command '${unknownName}'${suggestion}`;
    this.error(message, { code: "commander.unknownCommand" });
  }
  /**
   * Get or set the program version.
   *
   * This method auto-registers the "-V, --version" option which will print the version number.
   *
   * You can optionally supply the flags and description to override the defaults.
   *
   * @param {string} [str]
   * @param {string} [flags]
   * @param {string} [description]
   * @return {(this | string | undefined)} `this` command for chaining, or version string if no arguments
   */
  version(str, flags, description) {
    if (str === void 0) return this._version;
    this._version = str;
    flags = flags || "-V, --version";
    description = description || "output the version number";
    const versionOption = this.createOption(flags, description);
    this._versionOptionName = versionOption.attributeName();
    this._registerOption(versionOption);
    this.on("option:" + versionOption.name(), () => {
      this._outputConfiguration.writeOut(`${str}
`);
      this._exit(0, "commander.version", str);
    });
    return this;
  }
  /**
   * Set the description.
   *
   * @param {string} [str]
   * @param {object} [argsDescription]
   * @return {(string|Command)}
   */
  description(str, argsDescription) {
    if (str === void 0 && argsDescription === void 0)
      return this._description;
    this._description = str;
    if (argsDescription) {
      this._argsDescription = argsDescription;
    }
    return this;
  }
  /**
   * Set the summary. Used when listed as subcommand of parent.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */
  summary(str) {
    if (str === void 0) return this._summary;
    this._summary = str;
    return this;
  }
  /**
   * Set an alias for the command.
   *
   * You may call more than once to add multiple aliases. Only the first alias is shown in the auto-generated help.
   *
   * @param {string} [alias]
   * @return {(string|Command)}
   */
  alias(alias) {
    if (alias === void 0) return this._aliases[0];
    let command = this;
    if (this.commands.length !== 0 && this.commands[this.commands.length - 1]._executableHandler) {
      command = this.commands[this.commands.length - 1];
    }
    if (alias === command._name)
      throw new Error("Command alias can't be the same as its name");
    const matchingCommand = this.parent?._findCommand(alias);
    if (matchingCommand) {
      const existingCmd = [matchingCommand.name()].concat(matchingCommand.aliases()).join("|");
      throw new Error(
        `cannot add alias '${alias}' to command '${this.name()}' as already have command '${existingCmd}'`
      );
    }
    command._aliases.push(alias);
    return this;
  }
  /**
   * Set aliases for the command.
   *
   * Only the first alias is shown in the auto-generated help.
   *
   * @param {string[]} [aliases]
   * @return {(string[]|Command)}
   */
  aliases(aliases) {
    if (aliases === void 0) return this._aliases;
    aliases.forEach((alias) => this.alias(alias));
    return this;
  }
  /**
   * Set / get the command usage `str`.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */
  usage(str) {
    if (str === void 0) {
      if (this._usage) return this._usage;
      const args = this.registeredArguments.map((arg) => {
        return humanReadableArgName(arg);
      });
      return [].concat(
        this.options.length || this._helpOption !== null ? "[options]" : [],
        this.commands.length ? "[command]" : [],
        this.registeredArguments.length ? args : []
      ).join(" ");
    }
    this._usage = str;
    return this;
  }
  /**
   * Get or set the name of the command.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */
  name(str) {
    if (str === void 0) return this._name;
    this._name = str;
    return this;
  }
  /**
   * Set/get the help group heading for this subcommand in parent command's help.
   *
   * @param {string} [heading]
   * @return {Command | string}
   */
  helpGroup(heading) {
    if (heading === void 0) return this._helpGroupHeading ?? "";
    this._helpGroupHeading = heading;
    return this;
  }
  /**
   * Set/get the default help group heading for subcommands added to this command.
   * (This does not override a group set directly on the subcommand using .helpGroup().)
   *
   * @example
   * program.commandsGroup('Development Commands:');
   * program.command('watch')...
   * program.command('lint')...
   * ...
   *
   * @param {string} [heading]
   * @returns {Command | string}
   */
  commandsGroup(heading) {
    if (heading === void 0) return this._defaultCommandGroup ?? "";
    this._defaultCommandGroup = heading;
    return this;
  }
  /**
   * Set/get the default help group heading for options added to this command.
   * (This does not override a group set directly on the option using .helpGroup().)
   *
   * @example
   * program
   *   .optionsGroup('Development Options:')
   *   .option('-d, --debug', 'output extra debugging')
   *   .option('-p, --profile', 'output profiling information')
   *
   * @param {string} [heading]
   * @returns {Command | string}
   */
  optionsGroup(heading) {
    if (heading === void 0) return this._defaultOptionGroup ?? "";
    this._defaultOptionGroup = heading;
    return this;
  }
  /**
   * @param {Option} option
   * @private
   */
  _initOptionGroup(option) {
    if (this._defaultOptionGroup && !option.helpGroupHeading)
      option.helpGroup(this._defaultOptionGroup);
  }
  /**
   * @param {Command} cmd
   * @private
   */
  _initCommandGroup(cmd) {
    if (this._defaultCommandGroup && !cmd.helpGroup())
      cmd.helpGroup(this._defaultCommandGroup);
  }
  /**
   * Set the name of the command from script filename, such as process.argv[1],
   * or import.meta.filename.
   *
   * (Used internally and public although not documented in README.)
   *
   * @example
   * program.nameFromFilename(import.meta.filename);
   *
   * @param {string} filename
   * @return {Command}
   */
  nameFromFilename(filename) {
    this._name = path.basename(filename, path.extname(filename));
    return this;
  }
  /**
   * Get or set the directory for searching for executable subcommands of this command.
   *
   * @example
   * program.executableDir(import.meta.dirname);
   * // or
   * program.executableDir('subcommands');
   *
   * @param {string} [path]
   * @return {(string|null|Command)}
   */
  executableDir(path2) {
    if (path2 === void 0) return this._executableDir;
    this._executableDir = path2;
    return this;
  }
  /**
   * Return program help documentation.
   *
   * @param {{ error: boolean }} [contextOptions] - pass {error:true} to wrap for stderr instead of stdout
   * @return {string}
   */
  helpInformation(contextOptions) {
    const helper = this.createHelp();
    const context = this._getOutputContext(contextOptions);
    helper.prepareContext({
      error: context.error,
      helpWidth: context.helpWidth,
      outputHasColors: context.hasColors
    });
    const text = helper.formatHelp(this, helper);
    if (context.hasColors) return text;
    return this._outputConfiguration.stripColor(text);
  }
  /**
   * @typedef HelpContext
   * @type {object}
   * @property {boolean} error
   * @property {number} helpWidth
   * @property {boolean} hasColors
   * @property {function} write - includes stripColor if needed
   *
   * @returns {HelpContext}
   * @private
   */
  _getOutputContext(contextOptions) {
    contextOptions = contextOptions || {};
    const error = !!contextOptions.error;
    let baseWrite;
    let hasColors;
    let helpWidth;
    if (error) {
      baseWrite = (str) => this._outputConfiguration.writeErr(str);
      hasColors = this._outputConfiguration.getErrHasColors();
      helpWidth = this._outputConfiguration.getErrHelpWidth();
    } else {
      baseWrite = (str) => this._outputConfiguration.writeOut(str);
      hasColors = this._outputConfiguration.getOutHasColors();
      helpWidth = this._outputConfiguration.getOutHelpWidth();
    }
    const write = (str) => {
      if (!hasColors) str = this._outputConfiguration.stripColor(str);
      return baseWrite(str);
    };
    return { error, write, hasColors, helpWidth };
  }
  /**
   * Output help information for this command.
   *
   * Outputs built-in help, and custom text added using `.addHelpText()`.
   *
   * @param {{ error: boolean } | Function} [contextOptions] - pass {error:true} to write to stderr instead of stdout
   */
  outputHelp(contextOptions) {
    let deprecatedCallback;
    if (typeof contextOptions === "function") {
      deprecatedCallback = contextOptions;
      contextOptions = void 0;
    }
    const outputContext = this._getOutputContext(contextOptions);
    const eventContext = {
      error: outputContext.error,
      write: outputContext.write,
      command: this
    };
    this._getCommandAndAncestors().reverse().forEach((command) => command.emit("beforeAllHelp", eventContext));
    this.emit("beforeHelp", eventContext);
    let helpInformation = this.helpInformation({ error: outputContext.error });
    if (deprecatedCallback) {
      helpInformation = deprecatedCallback(helpInformation);
      if (typeof helpInformation !== "string" && !Buffer.isBuffer(helpInformation)) {
        throw new Error("outputHelp callback must return a string or a Buffer");
      }
    }
    outputContext.write(helpInformation);
    if (this._getHelpOption()?.long) {
      this.emit(this._getHelpOption().long);
    }
    this.emit("afterHelp", eventContext);
    this._getCommandAndAncestors().forEach(
      (command) => command.emit("afterAllHelp", eventContext)
    );
  }
  /**
   * You can pass in flags and a description to customise the built-in help option.
   * Pass in false to disable the built-in help option.
   *
   * @example
   * program.helpOption('-?, --help', 'show help'); // customise
   * program.helpOption(false); // disable
   *
   * @param {(string | boolean)} flags
   * @param {string} [description]
   * @return {Command} `this` command for chaining
   */
  helpOption(flags, description) {
    if (typeof flags === "boolean") {
      if (flags) {
        if (this._helpOption === null) this._helpOption = void 0;
        if (this._defaultOptionGroup) {
          this._initOptionGroup(this._getHelpOption());
        }
      } else {
        this._helpOption = null;
      }
      return this;
    }
    this._helpOption = this.createOption(
      flags ?? "-h, --help",
      description ?? "display help for command"
    );
    if (flags || description) this._initOptionGroup(this._helpOption);
    return this;
  }
  /**
   * Lazy create help option.
   * Returns null if has been disabled with .helpOption(false).
   *
   * @returns {(Option | null)} the help option
   * @package
   */
  _getHelpOption() {
    if (this._helpOption === void 0) {
      this.helpOption(void 0, void 0);
    }
    return this._helpOption;
  }
  /**
   * Supply your own option to use for the built-in help option.
   * This is an alternative to using helpOption() to customise the flags and description etc.
   *
   * @param {Option} option
   * @return {Command} `this` command for chaining
   */
  addHelpOption(option) {
    this._helpOption = option;
    this._initOptionGroup(option);
    return this;
  }
  /**
   * Output help information and exit.
   *
   * Outputs built-in help, and custom text added using `.addHelpText()`.
   *
   * @param {{ error: boolean }} [contextOptions] - pass {error:true} to write to stderr instead of stdout
   */
  help(contextOptions) {
    this.outputHelp(contextOptions);
    let exitCode = Number(process2.exitCode ?? 0);
    if (exitCode === 0 && contextOptions && typeof contextOptions !== "function" && contextOptions.error) {
      exitCode = 1;
    }
    this._exit(exitCode, "commander.help", "(outputHelp)");
  }
  /**
   * // Do a little typing to coordinate emit and listener for the help text events.
   * @typedef HelpTextEventContext
   * @type {object}
   * @property {boolean} error
   * @property {Command} command
   * @property {function} write
   */
  /**
   * Add additional text to be displayed with the built-in help.
   *
   * Position is 'before' or 'after' to affect just this command,
   * and 'beforeAll' or 'afterAll' to affect this command and all its subcommands.
   *
   * @param {string} position - before or after built-in help
   * @param {(string | Function)} text - string to add, or a function returning a string
   * @return {Command} `this` command for chaining
   */
  addHelpText(position, text) {
    const allowedValues = ["beforeAll", "before", "after", "afterAll"];
    if (!allowedValues.includes(position)) {
      throw new Error(`Unexpected value for position to addHelpText.
Expecting one of '${allowedValues.join("', '")}'`);
    }
    const helpEvent = `${position}Help`;
    this.on(helpEvent, (context) => {
      let helpStr;
      if (typeof text === "function") {
        helpStr = text({ error: context.error, command: context.command });
      } else {
        helpStr = text;
      }
      if (helpStr) {
        context.write(`${helpStr}
`);
      }
    });
    return this;
  }
  /**
   * Output help information if help flags specified
   *
   * @param {Array} args - array of options to search for help flags
   * @private
   */
  _outputHelpIfRequested(args) {
    const helpOption = this._getHelpOption();
    const helpRequested = helpOption && args.find((arg) => helpOption.is(arg));
    if (helpRequested) {
      this.outputHelp();
      this._exit(0, "commander.helpDisplayed", "(outputHelp)");
    }
  }
};
function incrementNodeInspectorPort(args) {
  return args.map((arg) => {
    if (!arg.startsWith("--inspect")) {
      return arg;
    }
    let debugOption;
    let debugHost = "127.0.0.1";
    let debugPort = "9229";
    let match;
    if ((match = arg.match(/^(--inspect(-brk|-wait)?)$/)) !== null) {
      debugOption = match[1];
    } else if ((match = arg.match(
      /^(--inspect(-brk|-port|-wait)?)=(\[[^\]]+\]|[^:]+)$/
    )) !== null) {
      debugOption = match[1];
      if (/^\d+$/.test(match[3])) {
        debugPort = match[3];
      } else {
        debugHost = match[3];
      }
    } else if ((match = arg.match(
      /^(--inspect(-brk|-port|-wait)?)=(\[[^\]]+\]|[^:]+):(\d+)$/
    )) !== null) {
      debugOption = match[1];
      debugHost = match[3];
      debugPort = match[4];
    }
    if (debugOption && debugPort !== "0") {
      return `${debugOption}=${debugHost}:${parseInt(debugPort) + 1}`;
    }
    return arg;
  });
}
function useColor() {
  if (process2.env.NO_COLOR || process2.env.FORCE_COLOR === "0" || process2.env.FORCE_COLOR === "false")
    return false;
  if (process2.env.FORCE_COLOR || process2.env.CLICOLOR_FORCE !== void 0)
    return true;
  return void 0;
}

// node_modules/commander/index.js
var program = new Command();

// src/cli/cli-io.ts
var Writer = class {
  #stream;
  #secrets;
  constructor(stream, secrets) {
    this.#stream = stream;
    this.#secrets = secrets;
  }
  get isTTY() {
    return this.#stream.isTTY === true;
  }
  /** Writes the text as it is (scrubbed); the caller adds any line break. */
  write(text) {
    this.#stream.write(scrubSecrets(text, this.#secrets));
  }
  line(text = "") {
    this.write(`${text}
`);
  }
};

// src/cli/config-file.ts
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
var CONFIG_NAMES = ["api_key", "base_url"];
var CONFIG_NAME_ALIASES = {
  "api-key": "api_key",
  "api-url": "base_url",
  "base-url": "base_url"
};
function configNameOf(name) {
  if (CONFIG_NAMES.includes(name)) return name;
  return CONFIG_NAME_ALIASES[name];
}
function configFilePath(homeDir) {
  return join(homeDir, CONFIG_FILE_IN_HOME);
}
function readConfigDocument(path2) {
  let text;
  try {
    text = readFileSync(path2, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return void 0;
    throw new ConfigError(`Could not read the config file ${path2}: ${String(error)}`, { cause: error });
  }
  try {
    return parse(text);
  } catch (error) {
    const where = error instanceof TomlError ? ` (line ${error.line}, column ${error.column})` : "";
    throw new ConfigError(`The config file ${path2} is not valid TOML${where}. Run svc login to rewrite it.`);
  }
}
function configString(document, name, path2) {
  const value = document?.[name];
  if (value === void 0) return void 0;
  if (typeof value !== "string") throw new ConfigError(`The config file ${path2}: ${name} must be a string`);
  return value;
}
function writeConfigDocument(path2, document) {
  const previousMode = modeOf(path2);
  mkdirSync(dirname(path2), { recursive: true, mode: 448 });
  const temporary = `${path2}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${stringify(document)}
`, { mode: 384, flag: "wx" });
    chmodSync(temporary, 384);
    renameSync(temporary, path2);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new ConfigError(`Could not write the config file ${path2}: ${String(error)}`, { cause: error });
  }
  const loose = previousMode !== void 0 && (previousMode & 63) !== 0;
  return { loosenedMode: loose ? previousMode : void 0 };
}
function modeOf(path2) {
  try {
    return statSync(path2).mode & 511;
  } catch {
    return void 0;
  }
}
function formatMode(mode) {
  return mode.toString(8).padStart(4, "0");
}

// src/cli/failure-message.ts
var SVC_ADVICE_WORDS = {
  urlSetting: "--api-url",
  giveKey: "log in with it (svc login), or pass it with --api-key or SVC_API_KEY",
  machine: "this machine",
  caSetting: "in the environment of svc",
  again: "Run the command again",
  roles: "(member starts scans and remediations; admin manages keys and reads the audit log)"
};
function describeFailure(error, interrupted, scope = {}) {
  if (interrupted) return { exitCode: EXIT.interrupted, message: "Interrupted." };
  if (error instanceof CommandFailure) return { exitCode: error.exitCode, message: error.message };
  if (error instanceof UsageError || error instanceof InvalidIdError || error instanceof FleetUsageError)
    return { exitCode: EXIT.usage, message: error.message };
  if (error instanceof ConfigError || error instanceof RepositoryNotFoundError) {
    return { exitCode: EXIT.config, message: error.message };
  }
  if (error instanceof RunError) return { exitCode: EXIT.service, message: error.message };
  const advice = adviseOnFailure(error, stageOf(scope.command), {
    baseUrl: scope.baseUrl,
    doing: scope.command === void 0 ? "running svc" : `running svc ${scope.command}`,
    words: SVC_ADVICE_WORDS
  });
  if (error instanceof ConnectionError && scope.builtInUrl) {
    return {
      exitCode: EXIT.config,
      message: `${noUrlGiven(scope.baseUrl, "which did not answer")} ${advice}`
    };
  }
  if (error instanceof AuthError) return { exitCode: EXIT.config, message: advice };
  if (error instanceof NotFoundError && scope.baseUrl !== void 0 && !hasVersionPrefix(scope.baseUrl)) {
    return { exitCode: EXIT.config, message: advice };
  }
  return { exitCode: EXIT.service, message: advice };
}
function stageOf(command) {
  if (command === "scan") return "scan";
  if (command === "remediate" || command === "ai-analysis start") return "remediation";
  return "report";
}
function noUrlGiven(builtInUrl, what) {
  return `No service URL was given (no --api-url, SVC_API_URL or base_url in ~/.svc/config.toml), so svc took its built-in one${builtInUrl ? `, ${builtInUrl},` : ""} ${what}. Give yours with --api-url https://<host>/api/v1 or SVC_API_URL, or save it with svc login --api-url https://<host>/api/v1 (written to ~/.svc/config.toml).`;
}

// src/cli/terminal-text.ts
function terminalText(text) {
  return escapeLogLine(text);
}
function terminalInline(text) {
  return terminalText(text.replace(/[\r\n\t]+/g, " "));
}
function jsonText(value, pretty = true) {
  return `${JSON.stringify(value, null, pretty ? 2 : void 0).replaceAll("##[", "#\\u0023[")}
`;
}
function renderTable(header, rows) {
  const cells = [header, ...rows].map((row) => row.map(terminalInline));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  return cells.map(
    (row) => row.map((cell, column) => column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd()
  ).map((line) => `${line}
`).join("");
}

// src/cli/command-context.ts
var USER_AGENT = `svc/${CLIENT_VERSION}`;
var SVC_STOP_WORDS = { stopped: "Interrupted", cancelAgain: "svc tries again" };
var CommandContext = class {
  io;
  out;
  err;
  globals;
  #secrets;
  #scrubber;
  #scrubbed = 0;
  #client;
  #credentials;
  #signal;
  constructor(io, globals, secrets) {
    this.io = io;
    this.#signal = stopSignalWith(io.signal, SVC_STOP_WORDS);
    this.globals = globals;
    this.#secrets = secrets;
    this.out = new Writer(io.stdout, secrets);
    this.err = new Writer(io.stderr, secrets);
  }
  /** The command's stop (Ctrl-C), which the run words as svc does. */
  get signal() {
    return this.#signal;
  }
  get configPath() {
    return configFilePath(this.io.homeDir);
  }
  /**
   * Removes every secret svc knows of from a text, for what it writes without a Writer (a file): one scrubber,
   * made again only when a secret was added, since a SARIF log asks for every string it writes.
   */
  scrub(text) {
    if (this.#scrubber === void 0 || this.#scrubbed !== this.#secrets.size) {
      this.#scrubber = new SecretScrubber();
      for (const secret of this.#secrets) this.#scrubber.add(secret);
      this.#scrubbed = this.#secrets.size;
    }
    return this.#scrubber.scrub(text);
  }
  /** Keeps a secret out of everything svc writes from now on. */
  addSecret(secret) {
    if (secret.trim()) this.#secrets.add(secret.trim());
  }
  /** Colours on stdout: on a terminal only, and never with NO_COLOR set to anything (https://no-color.org). */
  get colours() {
    return this.out.isTTY && (this.io.env.NO_COLOR ?? "") === "";
  }
  /** SVC_DEBUG set (to anything but 0 or false): the debug lines, such as each retry, on stderr too. */
  get debugging() {
    return isDebugOn(this.io.env);
  }
  /** Warnings and progress of the client go to stderr, never among the results on stdout. */
  logger = this.loggerWith(() => "");
  /** The same log, each line opened by `opening()` before anything else (a fleet's: the UTC time). */
  loggerWith(opening) {
    const line = (text) => {
      this.err.line(terminalText(`${opening()}${text}`));
    };
    return {
      debug: (message) => {
        if (this.debugging) line(`debug: ${message}`);
      },
      info: line,
      warning: (message) => {
        line(`warning: ${message}`);
      },
      startGroup: line,
      endGroup: () => void 0
    };
  }
  /** The key and URL in the spec's order: --api-key/--api-url, SVC_API_KEY/SVC_API_URL, the config file. */
  credentials(apiKey = this.globals.apiKey) {
    try {
      const credentials = resolveCredentials({
        apiKey,
        baseUrl: this.globals.apiUrl,
        env: this.io.env,
        homeDir: this.io.homeDir,
        logger: this.logger,
        baseUrlArgumentLabel: "from --api-url"
      });
      this.addSecret(credentials.apiKey);
      this.#credentials = credentials;
      refusePlaceholderUrl(credentials);
      return credentials;
    } catch (error) {
      if (error instanceof ConfigError && !this.#anyKeySupplied(apiKey)) {
        throw new ConfigError(
          `No API key found. Log in with: svc login (it writes ${this.configPath}), or set SVC_API_KEY, or pass --api-key.`
        );
      }
      throw error;
    }
  }
  /** The URL the command talks to, once resolved, and whether it is the built-in one: for the failure's advice. */
  get resolvedUrl() {
    const credentials = this.#credentials;
    return credentials && { baseUrl: credentials.baseUrl, builtIn: credentials.baseUrlSource === "default" };
  }
  /** One client per command, closed when the command ends. */
  /**
   * The command's one client, made on the first call; `tuning` applies when it makes it (a fleet's patience with
   * 429s: its deadline).
   */
  client(tuning = {}) {
    if (this.#client) return this.#client;
    const { apiKey, baseUrl } = this.credentials();
    this.#client = this.clientFor(apiKey, baseUrl, tuning);
    return this.#client;
  }
  clientFor(apiKey, baseUrl, tuning = {}) {
    this.addSecret(apiKey);
    return new ServiceClient({ apiKey, baseUrl, logger: this.logger, userAgent: USER_AGENT, ...tuning });
  }
  async close() {
    await this.#client?.close();
  }
  #anyKeySupplied(apiKey) {
    if (apiKey?.trim() || this.io.env.SVC_API_KEY?.trim()) return true;
    return Boolean(configString(readConfigDocument(this.configPath), "api_key", this.configPath)?.trim());
  }
};
function refusePlaceholderUrl(credentials) {
  if (credentials.baseUrlSource !== "default") return;
  if (!/\.example$/i.test(new URL(credentials.baseUrl).hostname)) return;
  throw new ConfigError(noUrlGiven(credentials.baseUrl, "which is a placeholder no service answers at"));
}
function isDebugOn(env) {
  const value = env.SVC_DEBUG?.trim().toLowerCase() ?? "";
  return value !== "" && value !== "0" && value !== "false";
}

// src/cli/api/wait-flags.ts
var DEFAULT_WAIT_TIMEOUT_SECONDS = 600;
var JOB_POLL_INTERVAL_MS = 3e3;
function parseWaitTimeout(value) {
  const seconds = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 21600) {
    throw new InvalidArgumentError("expected whole seconds from 1 to 21600.");
  }
  return seconds;
}
function limitParser(max) {
  return (value) => {
    const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(limit) || limit < 1 || limit > max) {
      throw new InvalidArgumentError(`expected a whole number from 1 to ${max}.`);
    }
    return limit;
  };
}
function withWait(command, what) {
  return command.option("--wait", `wait for ${what} to finish, and print its result`).option("--wait-timeout <seconds>", "give up waiting after this long (default: 600)", parseWaitTimeout);
}

// src/cli/api/job-wait.ts
async function waitForJob(context, job, waitTimeoutSeconds, wait) {
  const seconds = waitTimeoutSeconds ?? DEFAULT_WAIT_TIMEOUT_SECONDS;
  try {
    return await wait({ timeoutMs: seconds * 1e3, signal: context.signal });
  } catch (error) {
    const leftRunning = `${job.what} is left running on the service: \`${job.view}\` shows it.`;
    if (context.signal.aborted) {
      context.err.line(terminalInline(`Interrupted: ${leftRunning}`));
      throw error;
    }
    if (error instanceof PollTimeoutError) {
      throw new CommandFailure(
        `${job.what} did not finish within --wait-timeout (${seconds} s); ${leftRunning}`,
        EXIT.service,
        {
          cause: error
        }
      );
    }
    throw error;
  }
}

// src/cli/commands/ai-analysis.ts
async function aiAnalysisStart(context, scanId, flags) {
  const client = context.client();
  const started = await client.startAiAnalysis(scanId, { signal: context.signal });
  if (!flags.wait || classifyAiAnalysis(started) !== "running") {
    writeAnalysis(context, scanId, started);
    return;
  }
  context.err.line(terminalInline(`Started the AI analysis of scan ${scanId}; waiting for it.`));
  const done = await waitForJob(
    context,
    { what: `The AI analysis of scan ${scanId}`, view: `svc ai-analysis view ${scanId}` },
    flags.waitTimeout,
    ({ timeoutMs, signal }) => client.waitForAiAnalysis(scanId, {
      intervalMs: JOB_POLL_INTERVAL_MS,
      timeoutMs,
      signal,
      skipFirstFetch: true
    })
  );
  writeAnalysis(context, scanId, done);
}
async function aiAnalysisView(context, scanId) {
  const analysis = await context.client().getAiAnalysis(scanId, { signal: context.signal }).catch((error) => pointAtStart(error, scanId));
  writeAnalysis(context, scanId, analysis);
}
function pointAtStart(error, scanId) {
  if (!(error instanceof NotFoundError)) throw error;
  throw new CommandFailure(
    `Scan ${scanId} has no AI analysis (or the service has no such scan): start one with svc ai-analysis start ${scanId} --wait. The service said: ${error.message}`,
    EXIT.service,
    { cause: error }
  );
}
async function aiAnalysisPatches(context, scanId) {
  const patches = await context.client().getAiPatches(scanId, { signal: context.signal }).catch((error) => pointAtStart(error, scanId));
  if (context.globals.json) {
    context.out.write(jsonText(patches));
    return;
  }
  const list = Array.isArray(patches.patches) ? patches.patches : [];
  if (list.length === 0) {
    context.err.line(terminalInline(`The AI analysis of scan ${scanId} proposes no patch.`));
    return;
  }
  for (const patch of list) {
    const findingId = typeof patch.finding_id === "string" ? patch.finding_id : "";
    context.out.line(terminalInline(`Finding ${findingId}:`));
    const diff = typeof patch.unified_diff === "string" ? patch.unified_diff : "";
    for (const line of diff.replace(/\n$/, "").split("\n")) context.out.line(terminalText(line));
    context.out.line();
  }
}
function writeAnalysis(context, scanId, analysis) {
  if (context.globals.json) {
    context.out.write(jsonText(analysis));
    return;
  }
  const status = analysis.status ?? classifyAiAnalysis(analysis);
  context.out.line(terminalInline(`AI analysis of scan ${scanId}: ${status}`));
  context.out.line(
    `Risk score ${analysis.risk_score ?? "n/a"} \xB7 overall confidence ${analysis.overall_confidence ?? "n/a"}`
  );
  if (analysis.agent_runs.length === 0) return;
  context.out.line();
  context.out.write(
    renderTable(
      ["#", "AGENT", "STATUS", "CONFIDENCE"],
      analysis.agent_runs.map((run) => [
        String(run.sequence),
        run.agent_id,
        run.status,
        run.confidence === null ? "" : String(run.confidence)
      ])
    )
  );
}
var addAiAnalysisCommand = (program2, io) => {
  const ai = program2.command("ai-analysis").description("a scan's AI analysis: risk, confidence, agents, patches");
  withWait(
    ai.command("start").description("start the AI analysis of a completed scan").argument("<scan-id>", "the scan"),
    "the analysis"
  ).action(
    (scanId, flags, command) => io.invoke(command, (c) => aiAnalysisStart(c, scanId, flags))
  );
  ai.command("view").description("the AI analysis of a scan").argument("<scan-id>", "the scan").action(
    (scanId, _options, command) => io.invoke(command, (c) => aiAnalysisView(c, scanId))
  );
  ai.command("patches").description("the patches the AI analysis proposes, as unified diffs").argument("<scan-id>", "the scan").action(
    (scanId, _options, command) => io.invoke(command, (c) => aiAnalysisPatches(c, scanId))
  );
};

// src/cli/commands/admin-key-help.ts
var ADMIN_KEY_HELP = `
An admin key is an API key whose role is admin; viewer and member keys are refused (403).
svc uses the key of --api-key, else SVC_API_KEY, else the one svc login saved; svc whoami
shows its role. An admin creates one with: svc keys create <name> --role admin
Use it for one command without replacing your saved key:
  SVC_API_KEY=<admin key> svc keys list
(The emulator's demo scenario has one: svc_sk_demo_admin_8d2e6b1f0a5c, see emulator/README.md.)
`;
function explainAdminKey(command) {
  for (const each of [command, ...command.commands]) each.addHelpText("after", ADMIN_KEY_HELP);
  return command;
}

// src/cli/api/list-cut.ts
async function sayWhenCut(context, list) {
  if (list.shown < list.limit) return;
  const total = await list.total();
  if (total <= list.shown) return;
  const more = total <= list.max ? `--limit ${total} shows them all` : `--limit ${list.max} shows the first ${list.max}`;
  context.err.line(terminalInline(`Showing ${list.shown} of ${total} ${list.what}; ${more}.`));
}

// src/cli/commands/audit-logs.ts
var AUDIT_LOG_LIMIT = { default: 20, max: 1e3 };
async function auditLogs(context, options) {
  const params = {
    ...options.action ? { action: options.action } : {},
    ...options.actorId ? { actor_id: options.actorId } : {},
    ...options.targetType ? { target_type: options.targetType } : {}
  };
  const limit = options.limit ?? AUDIT_LOG_LIMIT.default;
  const client = context.client();
  const entries = [];
  const pages = client.iterateAuditLogs(params, {
    signal: context.signal,
    maxItems: limit,
    limit: Math.min(limit, 100)
  });
  for await (const entry of pages) entries.push(entry);
  if (context.globals.json) context.out.write(jsonText(entries));
  else if (entries.length === 0) context.err.line("No audit log entries.");
  else {
    const rows = entries.map((e) => [
      e.created_at,
      e.action,
      e.actor_id,
      e.target_type ?? "",
      e.target_id ?? ""
    ]);
    context.out.write(renderTable(["CREATED", "ACTION", "ACTOR", "TARGET TYPE", "TARGET"], rows));
  }
  await sayWhenCut(context, {
    shown: entries.length,
    limit,
    max: AUDIT_LOG_LIMIT.max,
    what: "audit log entries",
    total: async () => (await client.listAuditLogs({ ...params, limit: 1 }, { signal: context.signal })).total
  });
}
var addAuditLogsCommand = (program2, io) => {
  const auditLogsCommand = program2.command("audit-logs").description("list audit log entries (needs an admin key)").option("--action <action>", "only entries of this action, e.g. api_key.created").option("--actor-id <id>", "only entries of this actor").option("--target-type <type>", "only entries about this kind of target, e.g. api_key").option(
    "--limit <n>",
    `at most this many entries (default: ${AUDIT_LOG_LIMIT.default})`,
    limitParser(AUDIT_LOG_LIMIT.max)
  ).action(
    (options, command) => io.invoke(command, (c) => auditLogs(c, options))
  );
  explainAdminKey(auditLogsCommand);
};

// src/cli/completion.ts
var COMPLETION_SHELLS = ["bash", "zsh", "fish"];
function completionScript(program2, shell) {
  const globalFlags = program2.options.filter((option) => option.long !== "--version").map(flagOf2);
  const nodes = commandNodes(program2, [], globalFlags);
  switch (shell) {
    case "bash":
      return bashScript(nodes);
    case "zsh":
      return `#compdef svc
# svc completion for zsh: eval "$(svc completion zsh)", or save it as _svc on $fpath.
autoload -U +X bashcompinit && bashcompinit
${bashScript(nodes)}`;
    case "fish":
      return fishScript(nodes);
  }
}
function commandNodes(command, path2, globalFlags) {
  const own = command.options.map(flagOf2);
  const node = {
    path: path2,
    subcommands: command.commands.map((sub) => ({ name: sub.name(), description: sub.description() })),
    argumentChoices: command.registeredArguments[0]?.argChoices ?? [],
    flags: [...own, ...path2.length === 0 ? [] : globalFlags, helpFlag()]
  };
  return [node, ...command.commands.flatMap((sub) => commandNodes(sub, [...path2, sub.name()], globalFlags))];
}
function flagOf2(option) {
  return {
    names: [option.long, option.short].filter((name) => name !== void 0),
    description: option.description,
    choices: option.argChoices,
    takesValue: option.required || option.optional
  };
}
function helpFlag() {
  return {
    names: ["--help", "-h"],
    description: "show help for the command",
    choices: void 0,
    takesValue: false
  };
}
function quoted(text) {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
function bashScript(nodes) {
  const paths = nodes.filter((node) => node.path.length > 0).map((node) => quoted(node.path.join(" ")));
  const words = nodes.map((node) => {
    const candidates = [
      ...node.argumentChoices,
      ...node.subcommands.map((sub) => sub.name),
      ...node.flags.flatMap((flag) => flag.names)
    ];
    return `    ${quoted(node.path.join(" "))}) words=${quoted([...new Set(candidates)].join(" "))} ;;`;
  });
  const choices = nodes.flatMap(
    (node) => node.flags.flatMap(
      (flag) => flag.names.map(
        (name) => flag.choices === void 0 ? "" : `    ${quoted(`${node.path.join(" ")}|${name}`)}) words=${quoted(flag.choices.join(" "))} ;;`
      )
    )
  ).filter((line) => line !== "");
  return `# svc completion for bash: eval "$(svc completion bash)", e.g. in ~/.bashrc.
_svc() {
  local cur prev path word words i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  path=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "\${path:+$path }$word" in
${paths.map((path2) => `      ${path2}) path="\${path:+$path }$word" ;;`).join("\n")}
    esac
  done
  words=""
  case "$path|$prev" in
${choices.join("\n")}
  esac
  if [[ -z "$words" ]]; then
    case "$path" in
${words.join("\n")}
    esac
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _svc svc
`;
}
function fishScript(nodes) {
  const paths = nodes.filter((node) => node.path.length > 0).map((node) => node.path.join(" "));
  const lines = [
    "# svc completion for fish: svc completion fish > ~/.config/fish/completions/svc.fish",
    "function __svc_path",
    `  set -l known ${paths.map(quoted).join(" ")}`,
    "  set -l path",
    "  for word in (commandline -opc)[2..-1]",
    '    set -l next (string join " " $path $word)',
    "    if contains -- $next $known",
    "      set path $path $word",
    "    end",
    "  end",
    '  string join " " $path',
    "end",
    "complete -c svc -f"
  ];
  for (const node of nodes) {
    const condition = `test (__svc_path) = ${quoted(node.path.join(" "))}`;
    if (node.argumentChoices.length > 0)
      lines.push(`complete -c svc -n ${quoted(condition)} -a ${quoted(node.argumentChoices.join(" "))}`);
    for (const sub of node.subcommands)
      lines.push(
        `complete -c svc -n ${quoted(condition)} -a ${quoted(sub.name)} -d ${quoted(sub.description)}`
      );
    for (const flag of node.flags) {
      const long = flag.names.find((name) => name.startsWith("--"))?.slice(2);
      const short = flag.names.find((name) => !name.startsWith("--"))?.slice(1);
      const parts = [
        `complete -c svc -n ${quoted(condition)}`,
        long ? `-l ${long}` : "",
        short ? `-s ${short}` : "",
        flag.takesValue ? "-r" : "",
        flag.choices ? `-a ${quoted(flag.choices.join(" "))}` : "",
        `-d ${quoted(flag.description)}`
      ];
      lines.push(parts.filter((part) => part !== "").join(" "));
    }
  }
  return `${lines.join("\n")}
`;
}

// src/cli/commands/completion.ts
var addCompletionCommand = (program2, io) => {
  program2.command("completion").description('print the completion script of a shell: eval "$(svc completion bash)"').addArgument(program2.createArgument("<shell>", "bash, zsh or fish").choices(COMPLETION_SHELLS)).action(
    (shell, _options, command) => io.invoke(command, (c) => {
      c.out.write(completionScript(program2, shell));
    })
  );
};

// src/cli/commands/compliance.ts
var scopeOf = (options) => options.scan ? { scan_id: options.scan } : {};
function scopeWords(options) {
  return options.scan ? `of scan ${options.scan}` : "of the organization (all its scans; --scan <id> shows one)";
}
async function complianceOverview(context, options) {
  const overview = await context.client().getComplianceOverview(scopeOf(options), { signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(overview));
    return;
  }
  context.out.line(
    terminalInline(`Overall compliance score ${scopeWords(options)}: ${overview.overall_score}`)
  );
  const frameworks = overview.frameworks ?? [];
  if (frameworks.length === 0) return;
  context.out.line();
  context.out.write(
    renderTable(
      ["FRAMEWORK", "NAME", "SCORE"],
      frameworks.map((framework) => [
        framework.id,
        framework.name ?? "",
        framework.score === void 0 ? "" : String(framework.score)
      ])
    )
  );
}
async function complianceView(context, framework, options) {
  const detail = await context.client().getComplianceFramework(framework, scopeOf(options), { signal: context.signal }).catch(async (error) => {
    if (!(error instanceof NotFoundError)) throw error;
    throw await unknownFramework(context, framework, options);
  });
  if (context.globals.json) {
    context.out.write(jsonText(detail));
    return;
  }
  const name = detail.name ?? detail.id ?? framework;
  context.out.line(terminalInline(`${name} ${scopeWords(options)}: ${detail.controls.length} controls`));
  if (detail.controls.length === 0) return;
  context.out.line();
  context.out.write(
    renderTable(
      ["CONTROL", "STATUS", "TITLE"],
      detail.controls.map((control) => [control.control_id, control.status, control.title])
    )
  );
}
async function unknownFramework(context, framework, options) {
  const overview = await context.client().getComplianceOverview(scopeOf(options), { signal: context.signal }).catch(() => void 0);
  const known = (overview?.frameworks ?? []).map((entry) => entry.id);
  const listed = known.length === 0 ? "The service lists no framework in its compliance overview." : `Frameworks it knows: ${listedIds(known)}.`;
  return new CommandFailure(
    terminalInline(
      `The service knows no compliance framework '${framework}'.${didYouMean(framework, known)} ${listed}`
    ),
    EXIT.service
  );
}
var LISTED_FRAMEWORKS = 20;
function listedIds(ids) {
  const shown = ids.slice(0, LISTED_FRAMEWORKS).map((id) => id.length > 64 ? `${id.slice(0, 63)}\u2026` : id);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}
async function aiSecurity(context, options) {
  const overview = await context.client().getAiSecurityOverview(scopeOf(options), { signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(overview));
    return;
  }
  const { checks_failed: failed, checks_total: total } = overview.summary;
  context.out.line(terminalInline(`AI security ${scopeWords(options)}: ${failed} of ${total} checks failed`));
  if (overview.checks.length === 0) return;
  context.out.line();
  context.out.write(
    renderTable(
      ["CHECK", "OWASP LLM", "STATUS"],
      overview.checks.map((check) => [check.name, check.owasp_llm, check.status])
    )
  );
}
var addComplianceCommand = (program2, io) => {
  const compliance = program2.command("compliance").description("compliance scores and controls");
  compliance.command("overview").description(
    "the overall compliance score and the score of each framework, of the whole organization or of one scan"
  ).option("--scan <id>", "of this scan (default: the organization, all its scans)").action(
    (options, command) => io.invoke(command, (c) => complianceOverview(c, options))
  );
  compliance.command("view").description("a framework's controls and their statuses, of the whole organization or of one scan").argument("<framework>", "the framework id, e.g. owasp-top-10").option("--scan <id>", "of this scan (default: the organization, all its scans)").action(
    (framework, options, command) => io.invoke(command, (c) => complianceView(c, framework, options))
  );
};
var addAiSecurityCommand = (program2, io) => {
  program2.command("ai-security").description(
    "the AI-security posture: checks against the OWASP LLM Top 10, of the organization or of one scan"
  ).option("--scan <id>", "of this scan (default: the organization, all its scans)").action((options, command) => io.invoke(command, (c) => aiSecurity(c, options)));
};

// src/cli/mask-key.ts
function maskKey(key) {
  const prefix = key.slice(0, Math.min(12, Math.floor(key.length / 3)));
  const lastFour = key.length >= 16 ? key.slice(-4) : "";
  return `${prefix}\u2026${lastFour}`;
}

// src/cli/commands/config.ts
function configPath(context) {
  if (context.globals.json) context.out.write(jsonText({ path: context.configPath }));
  else context.out.line(context.configPath);
}
function configGet(context, name) {
  const names = name === void 0 ? CONFIG_NAMES : [checkedName(name)];
  const path2 = context.configPath;
  const document = readConfigDocument(path2);
  const shown = Object.fromEntries(
    names.map((entry) => {
      const value = configString(document, entry, path2);
      return [entry, value === void 0 ? null : shownValue(entry, value)];
    })
  );
  if (name !== void 0 && shown[checkedName(name)] === null) {
    throw new CommandFailure(
      `${checkedName(name)} is not set in ${path2}. Set it with: svc login`,
      EXIT.config
    );
  }
  if (context.globals.json) {
    context.out.write(jsonText(shown));
  } else if (name !== void 0) {
    context.out.line(terminalInline(shown[checkedName(name)] ?? ""));
  } else {
    for (const entry of names) context.out.line(terminalInline(`${entry} = ${shown[entry] ?? "(not set)"}`));
  }
}
function configSet(context, name, value) {
  const entry = checkedName(name);
  const checked = entry === "api_key" ? checkedKey(value) : checkedUrl(value);
  if (entry === "api_key") context.addSecret(checked);
  const path2 = context.configPath;
  const document = readConfigDocument(path2) ?? {};
  const written = writeConfigDocument(path2, { ...document, [entry]: checked });
  if (written.loosenedMode !== void 0) {
    context.err.line(`The config file was mode ${formatMode(written.loosenedMode)}; it is now 0600.`);
  }
  const shown = shownValue(entry, checked);
  if (context.globals.json) context.out.write(jsonText({ [entry]: shown, path: path2 }));
  else context.out.line(terminalInline(`${entry} = ${shown} (saved in ${path2})`));
}
function checkedName(name) {
  const known = configNameOf(name);
  if (known !== void 0) return known;
  const hint = didYouMean(name, [...CONFIG_NAMES, ...Object.keys(CONFIG_NAME_ALIASES)]);
  throw new UsageError(`Unknown config name '${name}': expected one of ${CONFIG_NAMES.join(", ")}.${hint}`);
}
function shownValue(name, value) {
  return name === "api_key" ? maskKey(value) : value;
}
var KEY_PREFIX = "svc_sk_";
function checkedKey(value) {
  const key = value.trim();
  if (!key.startsWith(KEY_PREFIX) || /[^\x21-\x7e]/.test(key)) {
    throw new UsageError(
      `api_key must be an API key: ${KEY_PREFIX} followed by printable characters, without spaces. svc login checks a key with the service before saving it.`
    );
  }
  return key;
}
function checkedUrl(value) {
  try {
    return normalizeBaseUrl(value.trim(), "base_url");
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
var addConfigCommand = (program2, io) => {
  const config = program2.command("config").description("show or change ~/.svc/config.toml");
  config.command("path").description("print where the config file is").action(
    (_options, command) => io.invoke(command, (c) => {
      configPath(c);
    })
  );
  config.command("get").description("show the values of the config file, the key masked").argument("[name]", `one of ${CONFIG_NAMES.join(", ")} (or api-key, api-url as the action names them)`).action(
    (name, _options, command) => io.invoke(command, (c) => {
      configGet(c, name);
    })
  );
  config.command("set").description("set a value in the config file (svc login is the safer way to set the key)").argument("<name>", `one of ${CONFIG_NAMES.join(", ")} (or api-key, api-url as the action names them)`).argument("<value>", "the value, checked before it is written").action(
    (name, value, _options, command) => io.invoke(command, (c) => {
      configSet(c, name, value);
    })
  );
};

// src/cli/finding-table.ts
function renderFindingTable(findings) {
  return renderTable(
    ["SEVERITY", "TITLE", "LOCATION", "CWE", "ID"],
    findings.map((finding) => [
      finding.severity,
      finding.title,
      locationOf(finding),
      finding.cwe ?? "",
      finding.id
    ])
  );
}
function locationOf(finding) {
  return finding.line > 0 ? `${finding.file_path}:${finding.line}` : finding.file_path;
}

// src/cli/commands/findings.ts
var FINDINGS_LIMIT = { default: 100, max: 1e5 };
async function findingsList(context, options) {
  const client = context.client();
  const limit = options.limit ?? FINDINGS_LIMIT.default;
  const params = { scan_id: options.scan, ...options.severity ? { severity: options.severity } : {} };
  const findings = [];
  for await (const finding of client.iterateFindings(params, { maxItems: limit, signal: context.signal }))
    findings.push(finding);
  if (context.globals.json) context.out.write(jsonText(findings));
  else if (findings.length === 0)
    context.err.line(`No findings${options.severity ? ` of severity ${options.severity}` : ""}.`);
  else context.out.write(renderFindingTable(findings));
  await sayWhenCut(context, {
    shown: findings.length,
    limit,
    max: FINDINGS_LIMIT.max,
    what: options.severity ? `${options.severity} findings` : "findings",
    total: async () => (await client.listFindings({ ...params, limit: 1 }, { signal: context.signal })).total
  });
}
async function findingsView(context, id) {
  const finding = await context.client().getFinding(id, { signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(finding));
    return;
  }
  context.out.line(terminalInline(`${finding.severity.toUpperCase()}: ${finding.title}`));
  for (const [label, value] of detailRows(finding))
    context.out.line(terminalInline(`${label.padEnd(9)} ${value}`));
  const diff = finding.fix?.unified_diff;
  if (diff) {
    context.out.line();
    context.out.line("Fix:");
    for (const line of diff.replace(/\n$/, "").split("\n"))
      context.out.line(coloured(terminalText(line), context.colours));
  }
}
function detailRows(finding) {
  const rows = [
    ["Location", locationOf(finding)],
    ["CWE", finding.cwe],
    ["OWASP", finding.owasp],
    [
      "CVSS",
      finding.cvss_score === null || finding.cvss_score === void 0 ? void 0 : String(finding.cvss_score)
    ],
    ["Scan", finding.scan_id],
    ["Id", finding.id]
  ];
  return rows.filter((row) => typeof row[1] === "string" && row[1] !== "");
}
function coloured(line, colours) {
  if (!colours) return line;
  if (line.startsWith("+++") || line.startsWith("---")) return `\x1B[1m${line}\x1B[0m`;
  if (line.startsWith("+")) return `\x1B[32m${line}\x1B[0m`;
  if (line.startsWith("-")) return `\x1B[31m${line}\x1B[0m`;
  if (line.startsWith("@@")) return `\x1B[36m${line}\x1B[0m`;
  return line;
}
var addFindingsCommand = (program2, io) => {
  const findings = program2.command("findings").description("a scan's findings, and one in detail");
  findings.command("list").description("a scan's findings, most severe first as the service gives them").requiredOption("--scan <id>", "the scan whose findings to list").addOption(new Option("--severity <severity>", "only this severity").choices(SEVERITIES)).option(
    "--limit <n>",
    `at most this many (default: ${FINDINGS_LIMIT.default})`,
    limitParser(FINDINGS_LIMIT.max)
  ).action(
    (options, command) => io.invoke(command, (c) => findingsList(c, options))
  );
  findings.command("view").description("a finding in detail: OWASP, CWE, CVSS, and its fix as a unified diff").argument("<id>", "the finding id, e.g. fnd_123").action(
    (id, _options, command) => io.invoke(command, (c) => findingsView(c, id))
  );
};

// src/fleet/shard-environment.ts
var SHARD_ENGINES = [
  { name: "a Kubernetes Indexed Job", index: "JOB_COMPLETION_INDEX", count: void 0, base: 0 },
  { name: "GitLab parallel", index: "CI_NODE_INDEX", count: "CI_NODE_TOTAL", base: 1 },
  { name: "CircleCI parallelism", index: "CIRCLE_NODE_INDEX", count: "CIRCLE_NODE_TOTAL", base: 0 },
  { name: "an AWS Batch array job", index: "AWS_BATCH_JOB_ARRAY_INDEX", count: void 0, base: 0 }
];
function shardFromEnvironment(env, shards) {
  const engine = SHARD_ENGINES.find((candidate) => (env[candidate.index] ?? "").trim() !== "");
  if (engine === void 0)
    throw new FleetUsageError(
      `--shard auto found no shard index: none of ${SHARD_ENGINES.map((e) => e.index).join(", ")} is set. Give --shard i/n instead.`
    );
  const count2 = engineCount(env, engine, shards);
  const text = (env[engine.index] ?? "").trim();
  const index = /^\d{1,6}$/.test(text) ? Number(text) + 1 - engine.base : Number.NaN;
  if (!(index >= 1 && index <= count2))
    throw new FleetUsageError(
      `--shard auto: ${engine.index} is invalid: got '${text}'; expected ${engine.base === 0 ? `0 to ${count2 - 1}` : `1 to ${count2}`} (${engine.name}, ${engine.base}-based, of ${count2} shards).`
    );
  return { index, count: count2 };
}
function engineCount(env, engine, shards) {
  const given = engine.count === void 0 ? "" : (env[engine.count] ?? "").trim();
  if (given === "") {
    if (shards !== void 0) return shards;
    throw new FleetUsageError(
      `--shard auto found ${engine.index} (${engine.name}) but no shard count: give --shards <n>.`
    );
  }
  const count2 = parseShardCount(given, `--shard auto: ${engine.count ?? ""}`);
  if (shards !== void 0 && shards !== count2)
    throw new FleetUsageError(
      `--shards ${shards} disagrees with ${engine.count ?? ""}=${count2} of ${engine.name}: give one of them.`
    );
  return count2;
}

// src/cli/fleet/fleet-github-flags.ts
import { readFileSync as readFileSync2 } from "node:fs";
var PRIVATE_KEY_VARIABLE = "SVC_GITHUB_APP_PRIVATE_KEY";
function fleetGitHubCredentials(values, sourceOf3, env) {
  const named = (option, value) => value === void 0 ? void 0 : { value, name: sourceOf3(option) };
  const id = named(FLEET_MANIFEST.githubAppId, values.githubAppId);
  const token = named(FLEET_MANIFEST.githubToken, values.githubToken);
  const key = givenKey(named(FLEET_MANIFEST.githubAppPrivateKeyFile, values.githubAppPrivateKeyFile), env);
  const apiUrl = { value: values.githubApiUrl, name: sourceOf3(FLEET_MANIFEST.githubApiUrl) };
  if (id !== void 0 && token !== void 0)
    throw new UsageError(
      `${id.name} and ${token.name} are both given: the fleet takes a GitHub App or a GitHub token, not both. Leave one out.`
    );
  const keyFlag = flagOf(FLEET_MANIFEST.githubAppPrivateKeyFile);
  if (id !== void 0 && key === void 0)
    throw new UsageError(
      `${id.name} needs the App's private key: ${keyFlag} <pem>, or ${PRIVATE_KEY_VARIABLE} holding the PEM.`
    );
  if (key !== void 0 && id === void 0)
    throw new UsageError(
      `${nameOf(key)} is the private key of a GitHub App: give its id too, with ${flagOf(FLEET_MANIFEST.githubAppId)} or SVC_GITHUB_APP_ID.`
    );
  if (id !== void 0 && key !== void 0) return { app: { id, key }, apiUrl };
  return token === void 0 ? void 0 : { token, apiUrl };
}
function givenKey(file, env) {
  const text = env[PRIVATE_KEY_VARIABLE]?.trim() ? env[PRIVATE_KEY_VARIABLE] : void 0;
  const pem = text === void 0 ? void 0 : { value: text, name: PRIVATE_KEY_VARIABLE };
  if (file !== void 0 && file.name === flagOf(FLEET_MANIFEST.githubAppPrivateKeyFile)) return { file };
  if (file !== void 0 && pem !== void 0)
    throw new UsageError(
      `${file.name} and ${PRIVATE_KEY_VARIABLE} are both set: keep one, the key's file or the key itself.`
    );
  if (file !== void 0) return { file };
  return pem === void 0 ? void 0 : { pem };
}
function nameOf(key) {
  return "file" in key ? key.file.name : key.pem.name;
}
function readGivenKey(given) {
  if (given.app === void 0) return { token: given.token, apiUrl: given.apiUrl };
  const { id, key } = given.app;
  if ("pem" in key) return { app: { id, privateKey: key.pem }, apiUrl: given.apiUrl };
  let pem;
  try {
    pem = readFileSync2(key.file.value, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CommandFailure(
      `${key.file.name} ${key.file.value} cannot be read: ${reason}. Give the App's private key's PEM file.`,
      EXIT.config
    );
  }
  return { app: { id, privateKey: { value: pem, name: key.file.name } }, apiUrl: given.apiUrl };
}

// src/cli/fleet/fleet-flags.ts
var GITHUB_FLAGS = [
  FLEET_MANIFEST.githubAppId,
  FLEET_MANIFEST.githubAppPrivateKeyFile,
  FLEET_MANIFEST.githubToken,
  FLEET_MANIFEST.githubApiUrl
];
var MERGE_FAIL_ON = {
  ...RUN_INPUTS.failOn,
  cli: {
    value: "<severity>",
    help: "the fleet's fail-on, for --verify: a roll-up judged looser is refused, each entry re-judged at the stricter of the two"
  }
};
var MERGE_VERIFY_FLAGS = [MERGE_FAIL_ON, ...GITHUB_FLAGS];
function attributeOf(option) {
  return new Option(flagOf(option)).attributeName();
}
var FLEET_FLAG_WORDS = {
  subject: (input) => flagNamed(input),
  reference: (input) => flagNamed(input)
};
function flagNamed(input) {
  const option = fleetOptionsOf("svc").find((candidate) => candidate.name === input);
  return option === void 0 ? `'${input}'` : flagOf(option);
}
function fleetScanSettings(flags, env) {
  const {
    selection,
    projectId,
    shard,
    shards,
    runId,
    repositoryPolicy,
    githubAppId,
    githubAppPrivateKey: _actionOnly,
    githubAppPrivateKeyFile,
    githubToken,
    githubApiUrl,
    ...rest
  } = manifestValues(flags, env);
  const github = gitHubCredentialsOf(
    { githubAppId, githubAppPrivateKeyFile, githubToken, githubApiUrl },
    flags,
    env
  );
  if (repositoryPolicy === "on" && github === void 0)
    throw new UsageError(
      `${flagOf(FLEET_MANIFEST.repositoryPolicy)} on reads each repository's policy from GitHub: give ${flagOf(FLEET_MANIFEST.githubAppId)} with the App's private key, or ${flagOf(FLEET_MANIFEST.githubToken)}.`
    );
  const chosen = withProject(selection ?? { kind: "all" }, projectId);
  const part = shardPart(textFlag(flags, FLEET_MANIFEST.shard), shard, shards, env);
  const options = {
    ...rest,
    selection: chosen,
    shard: part,
    ledgerRun: fleetRunName({ selection: chosen, shard: part, ref: rest.ref }),
    runId: runId ?? fleetRunId(void 0, env, "--run-id"),
    repositoryPolicy: (repositoryPolicy ?? (github === void 0 ? "off" : "on")) === "on"
  };
  return { options, github };
}
function gitHubCredentialsOf(values, flags, env) {
  return fleetGitHubCredentials(values, (option) => sourceOf(flags, option), env);
}
function fleetMergeSettings(flags, env) {
  const { failOn, githubAppId, githubAppPrivateKeyFile, githubToken, githubApiUrl } = manifestValues(
    Object.fromEntries(MERGE_VERIFY_FLAGS.map((option) => [attributeOf(option), flags[attributeOf(option)]])),
    env
  );
  const values = { githubAppId, githubAppPrivateKeyFile, githubToken, githubApiUrl };
  return { failOn, github: gitHubCredentialsOf(values, flags, env) };
}
function manifestValues(flags, env) {
  for (const option of fleetOptionsOf("svc")) {
    const given = textFlag(flags, option);
    if (given !== void 0 && given.trim() === "")
      throw new UsageError(`${flagOf(option)} is empty: give a value or leave the flag out.`);
  }
  const problems = [];
  const values = readFleetManifest(
    // --shard auto is svc's own: the engine's index, read below.
    (option) => option === FLEET_MANIFEST.shard && isAuto(flags) ? void 0 : givenText(flags, option, env),
    problems
  );
  if (problems.length > 0)
    throw new UsageError(problems.map((problem) => problemText(problem, FLEET_FLAG_WORDS)).join("\n"));
  return values;
}
function givenText(flags, option, env) {
  const flag = textFlag(flags, option);
  if (flag !== void 0 || option.env === void 0) return flag;
  const variable = env[option.env]?.trim();
  return variable === "" ? void 0 : variable;
}
function sourceOf(flags, option) {
  return textFlag(flags, option) === void 0 && option.env !== void 0 ? option.env : flagOf(option);
}
function textFlag(flags, option) {
  const value = flags[attributeOf(option)];
  if (typeof value === "boolean") return String(value);
  return typeof value === "string" ? value : void 0;
}
function isAuto(flags) {
  return textFlag(flags, FLEET_MANIFEST.shard)?.trim() === "auto";
}
function withProject(selection, projectId) {
  if (projectId === void 0) return selection;
  if (selection.kind === "patterns")
    throw new UsageError(
      "--project-id selects with --repositories all (or alone), not with a list of names."
    );
  return { ...selection, kind: "project", projectId };
}
function shardPart(given, part, shards, env) {
  if (given === void 0) {
    if (shards !== void 0)
      throw new UsageError("--shards is the count of --shard auto: give --shard auto too.");
    return void 0;
  }
  if (given.trim() === "auto") return shardFromEnvironment(env, shards);
  if (part !== void 0 && shards !== void 0 && shards !== part.count)
    throw new UsageError(`--shards ${shards} disagrees with --shard ${given}: give one n.`);
  return part;
}

// src/cli/fleet/fleet-merge.ts
import { readdirSync } from "node:fs";
import { join as join2, resolve as resolve3 } from "node:path";

// src/fleet/fleet-plan.ts
var MAX_MATRIX_SHARDS = 256;
function shardMatrix(count2) {
  if (count2 > MAX_MATRIX_SHARDS)
    throw new FleetUsageError(
      `--shards ${count2} is more than the ${MAX_MATRIX_SHARDS} jobs a GitHub Actions matrix runs: give at most ${MAX_MATRIX_SHARDS}.`
    );
  return {
    include: Array.from({ length: count2 }, (_, i) => ({ shard: formatShard({ index: i + 1, count: count2 }) }))
  };
}

// src/fleet/rollup-merge.ts
function mergeRollUps(parts, allowMissing) {
  const shards = shardsOf(parts);
  const count2 = shards[0]?.part.count ?? 0;
  const missing = missingShards(shards, count2);
  if (missing.length > 0 && !allowMissing)
    throw new FleetUsageError(
      `Shard ${missing.map((index) => `${index}/${count2}`).join(", ")} ${missing.length === 1 ? "is" : "are"} missing: give every shard's roll-up, or --allow-missing to merge what is there.`
    );
  const present = shards.flatMap(({ rollUp }) => rollUp.repositories);
  refuseRepeatedRepositories(shards);
  refuseStrangers(shards, count2);
  const repositories = [
    ...present,
    ...leftOutOutcomes(shards, count2),
    ...missingOutcomes(shards, missing, count2)
  ];
  const first = shards[0]?.rollUp;
  const failOn = first?.fail_on ?? "high";
  const judged = disownSharedScans(repositories);
  return {
    format: ROLL_UP_FORMAT,
    shard: null,
    run_id: first?.run_id ?? null,
    started_at: earliest(shards.map(({ rollUp }) => rollUp.started_at)),
    finished_at: latest(shards.map(({ rollUp }) => rollUp.finished_at)),
    ref: first?.ref ?? null,
    repository_policy: first?.repository_policy ?? null,
    verified: false,
    repositories: judged,
    totals: totalsOf(judged),
    fail_on: failOn,
    stopped_by: shards.some(({ rollUp }) => rollUp.stopped_by === "key-refused") ? "key-refused" : null,
    selected: null,
    missing_shards: missing.map((index) => `${index}/${count2}`),
    changes: null
  };
}
function shardsOf(parts) {
  if (parts.length === 0)
    throw new FleetUsageError(
      "Give the roll-ups of the shards to merge: their files, or --dir with the folder that holds them."
    );
  const shards = parts.map((part) => {
    if (part.rollUp.shard === null)
      throw new FleetUsageError(
        `${part.where} is the roll-up of a whole fleet, not of a shard: there is nothing to merge it with.`
      );
    return { ...part, part: parseShard(part.rollUp.shard, `The shard of ${part.where}`) };
  });
  const first = shards[0];
  shards.forEach((shard, at) => {
    if (shard.part.count !== first.part.count)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) is of another n than shard ${formatShard(first.part)} (${first.where}): merge the shards of one run.`
      );
    if (shard.rollUp.run_id !== first.rollUp.run_id)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) is of ${runName(shard.rollUp.run_id)}, shard ${formatShard(first.part)} (${first.where}) of ${runName(first.rollUp.run_id)}: merge the shards of one run (a roll-up left by another night is not tonight's).`
      );
    if (shard.rollUp.ref !== first.rollUp.ref)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) scanned ${refName(shard.rollUp.ref)}, shard ${formatShard(first.part)} (${first.where}) ${refName(first.rollUp.ref)}: merge the shards of one run.`
      );
    if (shard.rollUp.fail_on !== first.rollUp.fail_on)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) was judged with fail-on ${shard.rollUp.fail_on}, shard ${formatShard(first.part)} (${first.where}) with ${first.rollUp.fail_on}: merge the shards of one run.`
      );
    if (shard.rollUp.repository_policy !== first.rollUp.repository_policy)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} (${shard.where}) ${policyReading(shard.rollUp.repository_policy)}, shard ${formatShard(first.part)} (${first.where}) ${policyReading(first.rollUp.repository_policy)}: merge the shards of one run.`
      );
    const twin = shards.slice(0, at).find((other) => other.part.index === shard.part.index);
    if (twin !== void 0)
      throw new FleetUsageError(
        `Shard ${formatShard(shard.part)} is given twice: ${twin.where} and ${shard.where}.`
      );
  });
  return shards.sort((a, b) => a.part.index - b.part.index);
}
function runName(runId) {
  return runId === null ? "no run id" : `run ${runId}`;
}
function policyReading(read) {
  if (read === null) return "does not say whether it read policy files";
  return read ? "read policy files" : "read no policy file";
}
function refName(ref) {
  return ref === null ? "default branches" : `ref ${ref}`;
}
function earliest(times) {
  return times.reduce((a, b) => a === null ? b : b === null || a <= b ? a : b, null);
}
function latest(times) {
  return times.reduce((a, b) => a === null ? b : b === null || a >= b ? a : b, null);
}
function missingShards(shards, count2) {
  const present = new Set(shards.map(({ part }) => part.index));
  return Array.from({ length: count2 }, (_, i) => i + 1).filter((index) => !present.has(index));
}
function refuseRepeatedRepositories(shards) {
  const seen = /* @__PURE__ */ new Map();
  for (const shard of shards)
    for (const { repository } of shard.rollUp.repositories) {
      const earlier = seen.get(repository.toLowerCase());
      if (earlier === shard)
        throw new FleetUsageError(
          `${repository} is listed twice in shard ${formatShard(shard.part)} (${shard.where}): merge the shards of one run.`
        );
      if (earlier !== void 0)
        throw new FleetUsageError(
          `${repository} is in shard ${formatShard(earlier.part)} (${earlier.where}) and in shard ${formatShard(shard.part)} (${shard.where}): merge the shards of one run.`
        );
      seen.set(repository.toLowerCase(), shard);
    }
}
function refuseStrangers(shards, count2) {
  for (const shard of shards)
    for (const { repository } of shard.rollUp.repositories) {
      const owner = shardOf(repository, count2);
      if (owner !== shard.part.index)
        throw new FleetUsageError(
          `${repository} is in the roll-up of shard ${formatShard(shard.part)} (${shard.where}), but it is of shard ${owner}/${count2}: merge the shards of one run.`
        );
    }
}
function leftOutOutcomes(shards, count2) {
  const listed = new Set(
    shards.flatMap(({ rollUp }) => rollUp.repositories.map((o) => o.repository.toLowerCase()))
  );
  const present = new Set(shards.map(({ part }) => part.index));
  return [...selectedNames(shards).values()].filter((name) => !listed.has(name.toLowerCase()) && present.has(shardOf(name, count2))).map(
    (name) => notJudged(
      name,
      `The roll-up of shard ${shardOf(name, count2)}/${count2} does not list it, though the selection did.`
    )
  );
}
function selectedNames(shards) {
  const known = /* @__PURE__ */ new Map();
  for (const { rollUp } of shards)
    for (const name of rollUp.selected ?? []) known.set(name.toLowerCase(), name);
  return known;
}
function notJudged(repository, error) {
  return { repository, scan_id: null, status: NOT_STARTED, gate: null, findings: zeroCounts(), error };
}
function missingOutcomes(shards, missing, count2) {
  if (missing.length === 0) return [];
  const wanted = new Set(missing);
  return [...selectedNames(shards).values()].filter((name) => wanted.has(shardOf(name, count2))).map((name) => notJudged(name, `The roll-up of shard ${shardOf(name, count2)}/${count2} is missing.`));
}

// src/fleet/rollup-verify.ts
var VERIFY_CONCURRENCY = 16;
var FLEET_DEFAULT_FAIL_ON = FLEET_MANIFEST.failOn.parse(
  FLEET_MANIFEST.failOn.default,
  {
    invalid: (given) => {
      throw new Error(`The fleet's default fail-on ${given} is not a fail-on.`);
    }
  },
  void 0
);
var Unconfirmed = class extends Error {
};
async function verifyRollUp(rollUp, reader, signal, github, floor = FLEET_DEFAULT_FAIL_ON) {
  const repositories = /* @__PURE__ */ new Map();
  for await (const repository of reader.iterateRepositories({}, { signal }))
    repositories.set(repository.full_name.toLowerCase(), repository);
  const failOn = stricterFailOn(floor, rollUp.fail_on);
  const scope = {
    reader,
    signal,
    repositories,
    failOn,
    ref: rollUp.ref,
    repositoryPolicy: rollUp.repository_policy,
    fleet: verifySettings(rollUp.ref, failOn),
    startedAt: rollUp.started_at === null ? void 0 : new Date(rollUp.started_at),
    github
  };
  const checked = await runPool(
    rollUp.repositories,
    VERIFY_CONCURRENCY,
    (entry) => verifyEntry(entry, scope)
  );
  const verified2 = checked.map(({ entry }) => entry);
  const whole = checked.every((check) => check.rejudged);
  return { ...rollUp, repositories: verified2, totals: totalsOf(verified2), verified: whole };
}
function verifySettings(ref, failOn) {
  return fleetSettings({
    ref: ref ?? void 0,
    concurrency: 1,
    pollIntervalSeconds: 2,
    waitTimeoutSeconds: 600,
    progressIntervalSeconds: 0,
    minCredits: void 0,
    ledgerPath: void 0,
    failOn,
    severityThreshold: "info"
  });
}
async function verifyEntry(entry, scope) {
  if (entry.gate === null || entry.scan_id === null) return { entry, rejudged: true };
  try {
    if (entry.policy !== void 0 && scope.repositoryPolicy === false)
      throw new Unconfirmed(
        "the roll-up names a policy file, but its night read none (repository_policy is false)"
      );
    const scan2 = await confirmedScan(entry, entry.scan_id, scope);
    if (entry.policy !== void 0 && scope.github === void 0) {
      await confirmWithoutPolicy(entry, scan2, scope);
      return { entry: { ...entry, status: scan2.status }, rejudged: false };
    }
    const judged = await judgeAgain(entry, scan2, scope);
    const problem = disagreement(entry, judged);
    if (problem !== void 0) throw new Unconfirmed(problem);
    const policy = judged.policy === void 0 ? {} : { policy: judged.policy };
    return { entry: { ...entry, status: scan2.status, ...policy }, rejudged: true };
  } catch (error) {
    if (scope.signal.aborted || error instanceof AuthError) throw error;
    return { entry: { ...entry, gate: null, error: `Not verified: ${messageOf(error)}` }, rejudged: true };
  }
}
async function confirmedScan(entry, scanId, scope) {
  const repository = scope.repositories.get(entry.repository.toLowerCase());
  if (repository === void 0)
    throw new Unconfirmed(`the service lists no repository ${entry.repository} for the key`);
  const scan2 = await scope.reader.getScan(scanId, { signal: scope.signal }).catch((error) => {
    if (error instanceof NotFoundError) throw new Unconfirmed(`the service has no scan ${scanId}`);
    throw error;
  });
  await confirmOwner(scan2, repository, scope);
  confirmRef(scan2, entry, entry.commit ?? scope.ref ?? repository.default_branch);
  const kind = classifyScanStatus(scan2.status);
  if (kind === "failed") throw new Unconfirmed(`the roll-up says ${entry.gate}; ${failedScanError(scan2)}`);
  if (kind !== "succeeded")
    throw new Unconfirmed(`the roll-up says ${entry.gate}; the service's scan ${scanId} is ${scan2.status}`);
  return scan2;
}
async function confirmWithoutPolicy(entry, scan2, scope) {
  if (entry.gate !== "passed") return;
  const failOn = stricterFailOn(scope.failOn, entry.policy?.fail_on ?? scope.failOn);
  const settings = verifySettings(scope.ref, failOn);
  const { counts: counts2, passed } = await countsOf(
    judgingOf(settings, void 0, judgedOn(scan2, scope)),
    scan2,
    scope
  );
  if (!passed)
    throw new Unconfirmed(
      `the roll-up says passed under its policy; the service's report has ${countsText(counts2)} at fail-on ${failOn}, and re-judging its policy needs GitHub read access`
    );
}
async function countsOf(judging, scan2, scope) {
  const { tally } = await collectScanResults(
    scope.reader,
    scan2.id,
    judging.settings,
    scope.signal,
    { rows: 0, perSeverity: 0, countsOnly: true, wholeUnderPolicy: true },
    judging.policy.filter
  );
  const verdict = evaluateGate(tally.counts, judging.settings.failOn, incompleteModules(scan2));
  return { counts: tally.counts, passed: verdict.passed, tally };
}
function judgedOn(scan2, scope) {
  const created = scan2.created_at === void 0 ? Number.NaN : Date.parse(scan2.created_at);
  if (!Number.isNaN(created)) return new Date(created);
  const now = Date.now();
  const started = scope.startedAt?.getTime() ?? now;
  return new Date(Math.max(started, now));
}
async function judgeAgain(entry, scan2, scope) {
  const judging = await judgingAgain(entry, judgedOn(scan2, scope), scope);
  const { tally, passed } = await countsOf(judging, scan2, scope);
  const failOn = judging.settings.failOn;
  const policy = entry.policy === void 0 ? void 0 : judging.read === void 0 ? null : policyUseOf(judging.read, judging.policy, {
    failOn,
    covered: (suppression) => tally.matchedSuppressions.has(suppression.entry),
    suppressed: tally.suppressedCount,
    outOfScope: tally.outOfScopeCount
  });
  return { gate: passed ? "passed" : "failed", findings: tally.counts, policy };
}
async function judgingAgain(entry, today, scope) {
  if (entry.policy === void 0 || scope.github === void 0)
    return judgingOf(scope.fleet, void 0, today);
  const commit = entry.commit;
  if (commit === void 0 || commit === null)
    throw new Unconfirmed("the roll-up names a policy but not the commit it was read at");
  if (entry.policy !== null && entry.policy.path !== FLEET_POLICY_PATH)
    throw new Unconfirmed(
      `the roll-up names the policy file ${entry.policy.path}; the fleet reads ${FLEET_POLICY_PATH}`
    );
  const read = await readRepositoryPolicy(scope.github, entry.repository, commit, scope.signal);
  const named = entry.policy === null ? "no policy file" : `blob ${entry.policy.blob_sha}`;
  const found = read === void 0 ? "no policy file" : `blob ${read.blobSha}`;
  if (named !== found)
    throw new Unconfirmed(
      `the roll-up names ${named} at ${commit}; GitHub has ${found} at ${FLEET_POLICY_PATH}`
    );
  return judgingOf(scope.fleet, read, today);
}
async function confirmOwner(scan2, repository, scope) {
  const name = repository.full_name;
  if (scan2.repository_id !== void 0 && scan2.repository_id !== repository.id)
    throw new Unconfirmed(`scan ${scan2.id} is of repository_id ${scan2.repository_id}, not of ${name}`);
  if (scan2.repository_id === void 0) {
    const listed = await scansOfRepository(scope.reader, repository.id, scope.signal);
    if (!listed.some((one) => one.id === scan2.id))
      throw new Unconfirmed(`the service does not list scan ${scan2.id} among the scans of ${name}`);
  }
}
function confirmRef(scan2, entry, ref) {
  if (scan2.ref === void 0) {
    if (typeof entry.commit === "string")
      throw new Unconfirmed(
        `the roll-up names commit ${entry.commit}; the service's scan ${scan2.id} names no ref to bear it out`
      );
    return;
  }
  if (scan2.ref !== ref) throw new Unconfirmed(`scan ${scan2.id} is of ref ${scan2.ref}, not of ${ref}`);
}
function disagreement(entry, judged) {
  const service = judged.policy ? `under its policy, the service's findings count ${countsText(judged.findings)}` : `the service's report has ${countsText(judged.findings)}`;
  const claimed = entry.policy?.fail_on;
  const found = judged.policy?.fail_on;
  if (claimed !== found)
    return `the roll-up says fail-on ${claimed ?? "none given"}; its policy says ${found ?? "none"}`;
  if (entry.gate !== judged.gate) return `the roll-up says ${entry.gate ?? "not judged"}; ${service}`;
  const findings = judged.findings;
  if (SEVERITIES.some((severity) => entry.findings[severity] !== findings[severity]))
    return `the roll-up counts ${countsText(entry.findings)}; ${service}`;
  return void 0;
}
function countsText(counts2) {
  const some = SEVERITIES.filter((severity) => counts2[severity] > 0);
  return some.length === 0 ? "no finding" : some.map((severity) => `${counts2[severity]} ${severity}`).join(", ");
}

// src/cli/fleet/fleet-github.ts
async function connectFleetGitHub(context, given, bounds) {
  const credentials = readGivenKey(given);
  if (credentials.app !== void 0)
    for (const part of privateKeyMaskParts(credentials.app.privateKey.value)) context.addSecret(part);
  if (credentials.token !== void 0) context.addSecret(credentials.token.value);
  const ms = bounds.seconds * 1e3;
  try {
    const { access, who } = await openFleetGitHub(credentials, {
      dispatcher: bounds.dispatcher,
      signal: AbortSignal.any([context.signal, AbortSignal.timeout(ms)]),
      deadline: context.io.now() + ms,
      logger: bounds.log,
      userAgent: USER_AGENT,
      fleetError: (kind, message, status) => new FleetGitHubError(kind, message, status),
      onSecret: (secret) => {
        context.addSecret(secret);
      },
      now: context.io.now
    });
    bounds.log.info(`GitHub: ${who}, at ${credentials.apiUrl.value}.`);
    return access;
  } catch (error) {
    if (error instanceof GitHubCredentialsError) throw new CommandFailure(error.message, EXIT.config);
    if (error instanceof GitHubError)
      throw new CommandFailure(
        `GitHub did not answer whether it takes the fleet's credentials (${credentials.apiUrl.value}): ${error.message}`,
        EXIT.service
      );
    throw error;
  }
}

// src/cli/fleet/fleet-output.ts
import { appendFileSync, mkdirSync as mkdirSync2, readFileSync as readFileSync3, writeFileSync as writeFileSync3 } from "node:fs";
import { dirname as dirname3, resolve as resolve2 } from "node:path";

// src/fleet/rollup-compare.ts
function compareRollUps(current, previous) {
  const earlier = new Map(
    previous.repositories.filter(inSameShard(current.shard)).map((o) => [o.repository.toLowerCase(), o])
  );
  const now = new Set(current.repositories.map((o) => o.repository.toLowerCase()));
  const changes = {
    compared_with: { run_id: previous.run_id, started_at: previous.started_at },
    newly_failing: [],
    newly_passing: [],
    newly_not_judged: [],
    no_longer_scanned: [...earlier.values()].filter((o) => !now.has(o.repository.toLowerCase())).map((o) => o.repository),
    new_repositories: [],
    counts_up: [],
    counts_down: [],
    findings_delta: difference(
      totalsOf(current.repositories).findings,
      totalsOf([...earlier.values()]).findings
    ),
    fail_on: current.fail_on === previous.fail_on ? null : { previous: previous.fail_on, now: current.fail_on }
  };
  for (const outcome2 of current.repositories)
    compareOne(outcome2, earlier.get(outcome2.repository.toLowerCase()), changes);
  return changes;
}
function compareOne(outcome2, before, changes) {
  if (before === void 0) changes.new_repositories.push(outcome2.repository);
  if (outcome2.gate === "failed" && before?.gate !== "failed") changes.newly_failing.push(outcome2.repository);
  if (outcome2.gate === "passed" && before?.gate === "failed") changes.newly_passing.push(outcome2.repository);
  if (outcome2.gate === null && before !== void 0 && before.gate !== null)
    changes.newly_not_judged.push(outcome2.repository);
  if (outcome2.gate === null || before === void 0 || before.gate === null) return;
  const change = difference(outcome2.findings, before.findings);
  const moved = Object.fromEntries(SEVERITIES.filter((s) => change[s] !== 0).map((s) => [s, change[s]]));
  if (Object.keys(moved).length === 0) return;
  const list = SEVERITIES.some((s) => change[s] > 0) ? changes.counts_up : changes.counts_down;
  list.push({ repository: outcome2.repository, change: moved });
}
function inSameShard(shard) {
  if (shard === null) return () => true;
  const part = parseShard(shard, "the roll-up's shard");
  return (outcome2) => shardOf(outcome2.repository, part.count) === part.index;
}
function difference(a, b) {
  return Object.fromEntries(SEVERITIES.map((s) => [s, a[s] - b[s]]));
}
function withChanges(rollUp, previous) {
  return previous === void 0 ? rollUp : { ...rollUp, changes: compareRollUps(rollUp, previous) };
}

// src/fleet/rollup-history.ts
var HISTORY_NIGHTS = 60;
function nightsOf(earlier) {
  return earlier.map(({ where, rollUp }) => {
    if (rollUp.started_at === null)
      throw new FleetUsageError(
        `${where} has no started_at (it was written before roll-ups recorded when their night started): it cannot be placed in the history; leave it out.`
      );
    return nightOf(rollUp, rollUp.started_at);
  });
}
function historyWith(earlier, tonight) {
  const all = tonight.started_at === null ? earlier : [...earlier, nightOf(tonight, tonight.started_at)];
  const nights = new Map(all.map((night) => [`${night.run_id ?? ""} ${night.started_at}`, night]));
  return [...nights.values()].sort((a, b) => a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0).slice(-HISTORY_NIGHTS);
}
function nightOf(rollUp, startedAt) {
  return {
    started_at: startedAt,
    run_id: rollUp.run_id,
    repositories: rollUp.totals.repositories,
    failed: rollUp.totals.failed,
    findings: { ...rollUp.totals.findings }
  };
}

// src/fleet/rollup-read.ts
function oneOf(values) {
  return (value, at) => {
    if (typeof value === "string" && values.includes(value)) return value;
    throw new DecodeIssue(
      `has field "${at}" as ${JSON.stringify(value)}, expected one of ${values.join(", ")}`
    );
  };
}
var count = integer(0, 1e9);
var counts = object(
  Object.fromEntries(SEVERITIES.map((severity) => [severity, count]))
);
var failOnValue = oneOf([...SEVERITIES, "none"]);
var suppressionUse = object({ entry: count, description: string });
var policyUse = object({
  path: string,
  blob_sha: string,
  fail_on: failOnValue,
  suppressed: count,
  out_of_scope: count,
  suppressions_applied: arrayOf(suppressionUse),
  suppressions_expired: arrayOf(suppressionUse),
  ignored_keys: arrayOf(string)
});
var codeScanningUpload = object({
  sarif_id: nullable(string),
  processing_status: string,
  alerts_url: nullable(string),
  error: nullable(string)
});
var outcome = object({
  repository: string,
  scan_id: nullable(string),
  status: string,
  gate: nullable(oneOf(["passed", "failed"])),
  findings: counts,
  error: nullable(string),
  commit: optional(nullable(string)),
  policy: optional(nullable(policyUse)),
  code_scanning: optional(codeScanningUpload)
});
var utcTime = (value, at) => {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) return value;
  throw new DecodeIssue(
    `has field "${at}" as ${JSON.stringify(value)}, expected a UTC time YYYY-MM-DDTHH:MM:SSZ`
  );
};
var format = (value, at) => {
  if (value === void 0 || value === 1 || value === ROLL_UP_FORMAT) return null;
  throw new DecodeIssue(
    `has field "${at}" as ${JSON.stringify(value)}: this svc reads roll-ups of format ${ROLL_UP_FORMAT} and older (a later svc wrote it)`
  );
};
var rollUpFields = object({
  format,
  shard: nullable(string),
  // Absent from a roll-up written before them: read as null.
  run_id: nullable(string),
  started_at: nullable(utcTime),
  finished_at: nullable(utcTime),
  ref: nullable(string),
  // Absent from a roll-up written before it was recorded: read as null (not known).
  repository_policy: nullable(boolean),
  verified: nullable(boolean),
  repositories: arrayOf(outcome),
  fail_on: nullable(failOnValue),
  stopped_by: nullable(oneOf(["key-refused", "interrupted"])),
  selected: nullable(arrayOf(string)),
  missing_shards: nullable(arrayOf(string))
});
function parseRollUp(text, where) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FleetUsageError(
      `${where} is not a roll-up: it is not JSON (write one with svc fleet scan --output).`
    );
  }
  try {
    const read = rollUpFields(json, "");
    const failOn = read.fail_on ?? "high";
    read.repositories.forEach((outcome2, index) => {
      const at = `${where} is not a roll-up: repositories[${index}] (${outcome2.repository})`;
      checkPolicyRead(outcome2, read.repository_policy, at);
      checkJudgement(outcome2, failOn, at);
    });
    return {
      ...read,
      format: ROLL_UP_FORMAT,
      totals: totalsOf(read.repositories),
      fail_on: failOn,
      missing_shards: read.missing_shards ?? [],
      changes: null
    };
  } catch (error) {
    if (!(error instanceof DecodeIssue)) throw error;
    throw new FleetUsageError(`${where} is not a roll-up: it ${error.message}.`);
  }
}
function checkPolicyRead(outcome2, repositoryPolicy, at) {
  if (repositoryPolicy === false && outcome2.policy !== void 0)
    throw new FleetUsageError(
      `${at} names a policy file, but its night read none (repository_policy is false): give the roll-up svc fleet scan wrote.`
    );
}
function checkJudgement(outcome2, failOn, at) {
  const problem = judgementProblem(outcome2, failOn);
  if (problem !== void 0) throw new FleetUsageError(`${at} is ${problem}.`);
}
function judgementProblem(outcome2, fleetFailOn) {
  const failOn = outcome2.policy?.fail_on ?? fleetFailOn;
  if (stricterFailOn(fleetFailOn, failOn) !== failOn)
    return `judged by its policy at fail-on ${failOn}, looser than the fleet's ${fleetFailOn}`;
  if (outcome2.gate === null) return outcome2.error === null ? "not judged without an error" : void 0;
  if (outcome2.gate === "failed") return void 0;
  if (outcome2.scan_id === null) return "passed without a scan";
  if (outcome2.error !== null) return "passed with an error";
  if (classifyScanStatus(outcome2.status) !== "succeeded")
    return `passed, but its scan's status is ${JSON.stringify(outcome2.status)}`;
  const { failingFindings } = evaluateGate(outcome2.findings, failOn);
  if (failingFindings > 0) return `passed with ${failingFindings} findings at or above fail-on ${failOn}`;
  return void 0;
}

// src/cli/scan/scan-output.ts
import { accessSync, constants, statSync as statSync2, writeFileSync as writeFileSync2 } from "node:fs";
import { dirname as dirname2, resolve } from "node:path";

// src/cli/scan/scan-report.ts
function buildScanReport(input) {
  return {
    scan: input.scan,
    risk_score: input.riskScore,
    total_findings: SEVERITIES.reduce((sum, severity) => sum + input.counts[severity], 0),
    counts: { ...input.counts },
    suppressed: input.policy?.suppressedCount ?? 0,
    out_of_scope: input.policy?.outOfScopeCount ?? 0,
    gate: {
      passed: input.verdict.passed,
      fail_on: input.failOn,
      failing_findings: input.verdict.failingFindings,
      reason: input.verdict.reason
    },
    severity_threshold: input.severityThreshold,
    reported_from: input.reportFloor,
    reported_total: input.reportedTotal,
    findings: input.findings.map(reportFinding),
    notes: [...input.notes]
  };
}
function renderScanText(report) {
  const { scan: scan2 } = report;
  const counts2 = SEVERITIES.map((severity) => `${report.counts[severity]} ${severity}`).join(", ");
  const modules = scan2.modules.map((module) => `${module.name} ${module.status}`).join(", ");
  const lines = [
    `Scan ${scan2.id} of ${scan2.repository} at ${scan2.ref}: ${scan2.status}`,
    withNotCounted(
      `Risk score ${report.risk_score ?? "n/a"} \xB7 ${report.total_findings} findings: ${counts2}`,
      {
        suppressedCount: report.suppressed,
        outOfScopeCount: report.out_of_scope
      }
    ),
    ...modules ? [`Modules: ${modules}`] : [],
    ...report.notes.map((note) => `Note: ${note}`)
  ].map(terminalInline);
  let text = `${lines.join("\n")}

`;
  if (report.reported_total === 0) {
    text += `No finding at or above ${report.reported_from}.
`;
  } else {
    text += `Findings at or above ${report.reported_from} (${report.reported_total}, most severe first):
`;
    text += renderFindingTable(
      report.findings.map((finding) => ({
        ...finding,
        severity: finding.original_severity ?? finding.severity
      }))
    );
    const floor = report.reported_from;
    const leftOut = leftOutSentence(
      report.reported_total - report.findings.length,
      noun(`finding at or above ${floor}`, `findings at or above ${floor}`),
      ELSEWHERE.findingsCommand(scan2.id, "plain", {
        total: report.total_findings + report.suppressed + report.out_of_scope
      })
    );
    if (leftOut) text += `${terminalInline(leftOut)}
`;
  }
  text += `
${terminalInline(`Gate ${report.gate.passed ? "passed" : "failed"}: ${report.gate.reason}`)}
`;
  return text;
}
function reportFinding(finding) {
  return {
    id: finding.id,
    severity: finding.severity,
    ...finding.originalSeverity === void 0 ? {} : { original_severity: finding.originalSeverity },
    title: finding.title,
    file_path: finding.filePath,
    line: finding.line,
    ...finding.cwe === void 0 ? {} : { cwe: finding.cwe },
    ...finding.owasp === void 0 ? {} : { owasp: finding.owasp },
    ...finding.fingerprint === void 0 ? {} : { fingerprint: finding.fingerprint }
  };
}

// src/cli/scan/scan-output.ts
async function writeSarifReport(context, target, report) {
  const repository = report.scan?.repository ?? "";
  const sarif = new SarifRun({
    findings: target.findings,
    pageSize: target.pageSize,
    maxResults: GITHUB_UPLOAD_LIMITS.maxResults,
    category: defaultSarifCategory(repository),
    serverUrl: void 0,
    signal: target.signal,
    filter: target.filter
  });
  const outcome2 = await sarif.of(report, { toolkit: { scrub: (text) => context.scrub(text) } });
  const log = builtLog(outcome2, report.passed);
  if (target.output === void 0) {
    context.out.write(log.bytes.toString("utf8"));
    return;
  }
  const path2 = resolve(target.output);
  await writeFileAtomically(path2, (sink) => sink.write(log.bytes));
  context.err.line(terminalInline(`SARIF written to ${path2} (${log.results} results).`));
}
function builtLog(outcome2, passed) {
  if (outcome2.kind === "built") return { bytes: outcome2.log, results: outcome2.summary.results };
  if (outcome2.kind === "unread") throw outcome2.error;
  if (outcome2.kind === "none") throw new Error("The run ended without results: no SARIF was written.");
  throw new CommandFailure(
    `${outcome2.reason}, so no SARIF was written: code scanning would close their alerts as fixed.`,
    passed ? EXIT.service : EXIT.gateFailed
  );
}
function writeReport(context, document, format2, output) {
  const text = format2 === "json" ? jsonText(document) : renderScanText(document);
  if (output === void 0) {
    context.out.write(text);
    return;
  }
  try {
    writeFileSync2(output, text);
  } catch (error) {
    throw new CommandFailure(`Could not write the report to ${output}: ${String(error)}`, EXIT.config, {
      cause: error
    });
  }
  context.err.line(terminalInline(`Report written to ${output}.`));
}
function checkWritable(output, flag = "--output") {
  const path2 = resolve(output);
  try {
    if (statSync2(path2, { throwIfNoEntry: false })?.isDirectory()) throw new Error("it is a directory");
    accessSync(dirname2(path2), constants.W_OK);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${flag} ${output} cannot be written: ${reason}`);
  }
}

// src/cli/fleet/fleet-output.ts
function checkRollUpTargets(targets) {
  if (targets.output !== void 0) prepareWritable(targets.output, "--output");
  if (targets.summary !== void 0) prepareWritable(targets.summary, "--summary");
}
function prepareWritable(path2, flag) {
  try {
    mkdirSync2(dirname3(resolve2(path2)), { recursive: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${flag} ${path2} cannot be written: its folder cannot be made (${reason})`);
  }
  checkWritable(path2, flag);
}
function readRollUpFile(path2, flag) {
  let text;
  try {
    text = readFileSync3(path2, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${flag}${path2} cannot be read: ${reason}`);
  }
  return parseRollUp(text, `${flag}${path2}`);
}
function readEarlierRollUps(flags) {
  return {
    previous: flags.compare === void 0 ? void 0 : readRollUpFile(flags.compare, "--compare "),
    nights: flags.history === void 0 ? void 0 : nightsOf(
      flags.history.map((path2) => ({
        where: `--history ${path2}`,
        rollUp: readRollUpFile(path2, "--history ")
      }))
    )
  };
}
function writeRollUp(context, night, targets, earlier) {
  const rollUp = withChanges(night, earlier.previous);
  context.out.write(context.globals.json ? jsonText(rollUp) : renderRollUpText(rollUp));
  if (targets.output !== void 0) writeFile(context, targets.output, jsonText(rollUp), "roll-up");
  const env = context.io.env;
  const stepSummary = env.GITHUB_ACTIONS === "true" ? env.GITHUB_STEP_SUMMARY ?? "" : "";
  if (targets.summary === void 0 && stepSummary === "") return;
  const history = earlier.nights && historyWith(earlier.nights, rollUp);
  const markdown = renderRollUpMarkdown(rollUp, history === void 0 ? {} : { history });
  if (targets.summary !== void 0) writeFile(context, targets.summary, markdown, "summary");
  if (stepSummary !== "") writeFile(context, stepSummary, markdown, "job summary", true);
}
function writeFile(context, path2, text, what, append = false) {
  try {
    (append ? appendFileSync : writeFileSync3)(path2, context.scrub(text));
  } catch (error) {
    throw new CommandFailure(`Could not write the ${what} to ${path2}: ${String(error)}`, EXIT.config, {
      cause: error
    });
  }
  context.err.line(terminalInline(`The ${what} was written to ${path2}.`));
}
var ERROR_CHARACTERS = 200;
function renderRollUpText(rollUp) {
  const { failed, scanFailed, notJudged: notJudged2, passed } = outcomeGroups(rollUp.repositories);
  const newlyFailing = new Set(rollUp.changes?.newly_failing ?? []);
  const row = (gate, outcome2) => [
    gate,
    outcome2.repository,
    ...SEVERITIES.map((severity) => String(outcome2.findings[severity])),
    truncate(outcome2.error ?? "", ERROR_CHARACTERS)
  ];
  const rows = [
    ...failed.map((o) => row(newlyFailing.has(o.repository) ? "FAILED, NEW" : "FAILED", o)),
    ...scanFailed.map((o) => row("SCAN FAILED", o)),
    ...notJudged2.map((o) => row("NOT JUDGED", o)),
    ...passed.map((o) => row("passed", o))
  ];
  const header = ["GATE", "REPOSITORY", ...SEVERITIES.map((s) => s.toUpperCase()), "WHY NOT JUDGED"];
  const { totals } = rollUp;
  const shard = rollUp.shard === null ? "" : ` (shard ${rollUp.shard})`;
  const since = rollUp.changes === null ? "" : ` ${newlyFailing.size} newly failing since ${rollUp.changes.compared_with.started_at ?? "the compared roll-up"}.`;
  const scansFailed = totals.scan_failed > 0 ? ` (${totals.scan_failed} of them: the scan failed)` : "";
  const line = `${totals.repositories} repositories${shard}: ${totals.failed} failed the gate, ${totals.passed} passed, ${totals.not_judged} not judged${scansFailed}.${since}`;
  return `${rows.length > 0 ? renderTable(header, rows) : ""}${terminalInline(line)}
`;
}

// src/cli/fleet/fleet-merge.ts
async function fleetMerge(context, files, flags) {
  const settings = flags.verify === true ? fleetMergeSettings(textFlags(flags), context.io.env) : void 0;
  if (flags.verify !== true) refuseVerifyFlags(flags);
  checkRollUpTargets(flags);
  const earlier = readEarlierRollUps(flags);
  const parts = [
    ...files.map((file) => ({ where: file, rollUp: readRollUpFile(file, "") })),
    ...flags.dir === void 0 ? [] : shardRollUpsIn(flags.dir, flags.output)
  ];
  const merged = mergeRollUps(parts, flags.allowMissing === true);
  const judged = settings === void 0 ? merged : await verified(context, merged, settings);
  writeRollUp(context, judged, flags, earlier);
  return fleetExitCode(judged);
}
async function verified(context, merged, settings) {
  refuseLooserRollUp(merged.fail_on, settings.failOn);
  const given = settings.github;
  const network = new LazyProxyAgent();
  try {
    const github = given === void 0 ? void 0 : await connectFleetGitHub(context, given, {
      seconds: FLEET_WAIT_TIMEOUT_SECONDS,
      log: context.logger,
      dispatcher: await network.open()
    });
    return await verifyRollUp(merged, context.client(), context.signal, github, settings.failOn);
  } finally {
    await network.destroy();
  }
}
function refuseVerifyFlags(flags) {
  const given = MERGE_VERIFY_FLAGS.filter((option) => typeof flags[attributeOf(option)] === "string");
  if (given.length > 0)
    throw new UsageError(
      `${given.map((option) => flagOf(option)).join(", ")}: read only by merge --verify (the fleet's floor, GitHub's credentials). Add --verify, or leave them out.`
    );
}
function refuseLooserRollUp(rollUpFailOn, floor) {
  if (stricterFailOn(floor, rollUpFailOn) !== rollUpFailOn)
    throw new UsageError(
      `The roll-up was judged with fail-on ${rollUpFailOn}, looser than ${flagOf(MERGE_FAIL_ON)} ${floor} (the fleet's floor): give the ${flagOf(MERGE_FAIL_ON)} the fleet scans with, or merge roll-ups judged at it.`
    );
}
function textFlags(flags) {
  return Object.fromEntries(
    Object.entries(flags).map(([name, value]) => [name, typeof value === "string" ? value : void 0])
  );
}
function shardRollUpsIn(dir, output) {
  let names;
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--dir ${dir} cannot be read: ${reason}`);
  }
  const own = output === void 0 ? void 0 : resolve3(output);
  return names.map((name) => join2(dir, name)).filter((path2) => resolve3(path2) !== own).map((path2) => ({ where: path2, rollUp: readRollUpFile(path2, "--dir ") })).filter(({ rollUp }) => rollUp.shard !== null);
}
function fleetPlan(context, flags) {
  const count2 = parseShardCount(flags.shards ?? "", "--shards");
  context.out.write(jsonText(shardMatrix(count2), false));
  return EXIT.ok;
}

// src/cli/fleet/fleet-scan.ts
async function fleetScan(context, flags) {
  const { options, github: givenGitHub } = fleetScanSettings(flags, context.io.env);
  checkRollUpTargets(flags);
  if (options.ledgerPath !== void 0) {
    prepareWritable(options.ledgerPath, "--ledger");
    Ledger.check(options.ledgerPath, ledgerRunOf(options));
  }
  const earlier = readEarlierRollUps(flags);
  const log = context.loggerWith(() => `${utcSecond(context.io.now())} `);
  const network = new LazyProxyAgent();
  try {
    const github = givenGitHub === void 0 ? void 0 : await connectFleetGitHub(context, givenGitHub, {
      seconds: options.waitTimeoutSeconds,
      log,
      dispatcher: await network.open()
    });
    const part = fleetPart(await listRepositories(context, options), options);
    tellSelection(part, options, log);
    const result = await scanPart(context, options, part.repositories, { log, github });
    const rollUp = rollUpOfPart(part, result, options);
    writeRollUp(context, rollUp, flags, earlier);
    return fleetExitCode(rollUp);
  } finally {
    await network.destroy();
  }
}
function tellSelection(part, options, log) {
  for (const warning of selectionWarnings(part)) log.warning(terminalInline(`--repositories ${warning}`));
  if (part.repositories.length === 0 && part.unknownNames.length === 0 && options.shard !== void 0)
    log.info(
      terminalInline(
        `Shard ${formatShard(options.shard)} has none of the ${part.selected.length} repositories selected: nothing to scan.`
      )
    );
}
async function listRepositories(context, options) {
  const { selection } = options;
  const params = selection.kind === "project" ? { project_id: selection.projectId } : {};
  const listing = [];
  for await (const repository of fleetClient(context, options).iterateRepositories(params, {
    signal: context.signal
  }))
    listing.push(repository);
  return listing;
}
function fleetClient(context, options) {
  return context.client({ rateLimitWaitMs: options.waitTimeoutSeconds * 1e3 });
}
function scanPart(context, options, repositories, { log, github }) {
  if (repositories.length === 0) return Promise.resolve(emptyRun(context.io.now()));
  return runFleet(repositories, options, {
    client: fleetClient(context, options),
    log,
    github,
    stopSignal: context.signal,
    now: context.io.now,
    scrub: (text) => context.scrub(text)
  });
}

// src/cli/scan/scan-modules.ts
var SCAN_MODULES = ["sast", "secrets", "dependencies", "iac", "containers", "licenses"];
function unknownModulesProblem(modules) {
  const known = SCAN_MODULES;
  const unknown = modules.filter((name) => !known.includes(name));
  if (unknown.length === 0) return void 0;
  const names = unknown.map((name) => `'${name}'`).join(", ");
  const hint = unknown.length === 1 ? didYouMean(unknown[0] ?? "", known) : "";
  return `--modules names ${unknown.length === 1 ? "an unknown module" : "unknown modules"}: ${names}. Known modules: ${SCAN_MODULES.join(", ")}.${hint}`;
}

// src/cli/scan/scan-settings.ts
var SCAN_FORMATS = ["text", "json", "sarif"];
var FLAG_SETTINGS = Object.values(RUN_INPUTS).filter(
  (descriptor) => descriptor.cli !== void 0
);
function sharedScanOptions() {
  return [...FLAG_SETTINGS, POLICY_FILE_INPUT].flatMap(flagOptions);
}
function flagOptions(descriptor) {
  const { cli } = descriptor;
  if (cli === void 0) return [];
  const flag = flagOf(descriptor);
  if (cli.value === void 0) {
    const shown = cli.default ?? (descriptor.default === "true" ? "on" : "off");
    return [
      new Option(flag, withDefault(cli.help, shown)),
      new Option(`--no-${flag.slice(2)}`, cli.negated ?? "")
    ];
  }
  const option = new Option(`${flag} ${cli.value}`, withDefault(cli.help, cli.default ?? descriptor.default));
  return [descriptor.choices ? option.choices(descriptor.choices) : option];
}
var withDefault = (help, shown) => shown === "" ? help : `${help} (default: ${shown})`;
var SVC_WORDS = {
  subject: (input) => input === "repository" ? "The repository argument" : flagNamed2(input),
  reference: (input) => input === "repository" ? "the repository argument" : flagNamed2(input)
};
function flagNamed2(input) {
  const descriptor = [...FLAG_SETTINGS, POLICY_FILE_INPUT].find((candidate) => candidate.name === input);
  return descriptor ? flagOf(descriptor) : `'${input}'`;
}
function inSvcWords(phrase) {
  return phraseText(phrase, SVC_WORDS);
}
function scanFormat(flags, json) {
  return flags.format ?? (json ? "json" : "text");
}
function scanSettings(repository, flags, policy) {
  const inputs = {
    repository,
    ...Object.fromEntries(FLAG_SETTINGS.map((descriptor) => [descriptor.name, flagValue(flags, descriptor)])),
    remediate: "false",
    "ai-analysis": "false"
  };
  let settings;
  try {
    settings = parseSettings((name) => inputs[name] ?? "", NO_ORIGIN, policy);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new UsageError(error.found.map((problem) => problemText(problem, SVC_WORDS)).join("\n"));
  }
  const modules = unknownModulesProblem(settings.modules);
  if (modules !== void 0) throw new UsageError(modules);
  return settings;
}
function flagValue(flags, descriptor) {
  const value = flags[new Option(flagOf(descriptor)).attributeName()];
  return value === void 0 ? void 0 : String(value);
}

// src/cli/commands/fleet.ts
var EXIT_CODES_HELP = `
Exit codes of svc fleet scan and svc fleet merge:
  0    every selected repository was scanned and passed the gate (an empty shard too)
  1    at least one repository failed the gate (a scan that failed does not: it is not judged, exit 4)
  2    usage error (a bad flag, a selection of no repository, a bad or missing shard, shards' roll-ups that
       do not make one whole); nothing was sent
  3    the service refused the key: no scan was started after that, and the rest are not judged
  4    none failed, but at least one repository could not be judged (its scan failed, or it timed out, \u2026) or a
       shard's roll-up was missing
  130  interrupted (Ctrl-C): every scan the fleet started that still ran was cancelled
`;
function addRollUpOptions(command) {
  return command.option(
    "--output <file>",
    "write the JSON roll-up to this file (stdout shows a table, or the JSON with --json)"
  ).option(
    "--summary <file>",
    "write the roll-up as markdown to this file (in GitHub Actions: also to the job summary)"
  ).option(
    "--compare <file>",
    "the previous night's roll-up: the roll-up's changes since (newly failing, passing or not judged, new repositories, counts up and down, a change of fail-on)"
  ).option(
    "--history <file...>",
    "earlier nights' roll-ups: the markdown shows the findings by severity per night (at most 60), as a table and a chart"
  );
}
function addScan(fleet, io) {
  const scan2 = fleet.command("scan").description("scan many repositories from one process and write one roll-up");
  for (const option of fleetOptionsOf("svc").flatMap(flagOptions)) scan2.addOption(option);
  addRollUpOptions(scan2).addHelpText("after", EXIT_CODES_HELP).action((flags, command) => io.invoke(command, (c) => fleetScan(c, flags)));
}
var addFleetCommand = (program2, io) => {
  const fleet = program2.command("fleet").description("the organization's scan from one process: many repositories, shards, one roll-up");
  addScan(fleet, io);
  fleet.command("plan").description('print a GitHub Actions matrix of shards: {"include":[{"shard":"1/n"},\u2026]} (at most 256)').requiredOption("--shards <n>", "how many shards").action((flags, command) => io.invoke(command, (c) => fleetPlan(c, flags)));
  const merge = fleet.command("merge").description(
    "merge the shards' roll-ups into one (same outputs and exit codes as fleet scan); --verify checks them against the service"
  ).argument("[file...]", "the shards' roll-ups (svc fleet scan --shard i/n --output)").option(
    "--dir <folder>",
    "every shard's roll-up in this folder (*.json; merged roll-ups and --output are skipped)"
  ).option(
    "--allow-missing",
    "merge the shards that are there; a missing shard's repositories are not judged (exit 4)"
  ).option(
    "--verify",
    "re-judge every entry against the service (its scan, its repository, its report), and the policy it was judged by through GitHub when given its credentials: one that does not match is not judged; needs the key"
  );
  for (const option of MERGE_VERIFY_FLAGS.flatMap(flagOptions)) merge.addOption(option);
  addRollUpOptions(merge).addHelpText("after", EXIT_CODES_HELP).action(
    (files, flags, command) => io.invoke(command, (c) => fleetMerge(c, files, flags))
  );
};

// src/cli/commands/keys.ts
var KEY_ROLE_CHOICES = ["viewer", "member", "admin"];
async function keysCreate(context, name, role) {
  const created = await context.client().createApiKey({ name, role }, { signal: context.signal });
  if (context.globals.json) context.out.write(jsonText(created));
  else context.out.line(created.token);
  context.err.line(terminalInline(`Created key ${created.id} "${created.name}" (${created.role}).`));
  context.err.line("This is the only time the secret is shown: it cannot be shown again. Store it now.");
}
async function keysList(context) {
  const keys = await context.client().listApiKeys({ signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(keys));
    return;
  }
  const rows = keys.map((key) => [key.id, key.name, key.role, shownKey(key), key.is_active ? "yes" : "no"]);
  context.out.write(renderTable(["ID", "NAME", "ROLE", "KEY", "ACTIVE"], rows));
}
async function keysRevoke(context, keyId) {
  const client = context.client();
  const inUse = await isKeyInUse(context, keyId);
  await client.revokeApiKey(keyId, { signal: context.signal });
  if (context.globals.json) context.out.write(jsonText({ id: keyId, revoked: true }));
  else context.out.line(terminalInline(`Revoked key ${keyId}: it no longer authenticates.`));
  if (inUse) {
    context.err.line(
      terminalInline(
        `warning: ${keyId} is the key svc itself was using: every command now fails with 401 until you log in with another key (svc login), or pass one with --api-key or SVC_API_KEY.`
      )
    );
  }
}
async function isKeyInUse(context, keyId) {
  const apiKey = context.credentials().apiKey;
  const keys = await context.client().listApiKeys({ signal: context.signal }).catch(() => []);
  const key = keys.find((candidate) => candidate.id === keyId);
  return key !== void 0 && apiKey.startsWith(key.prefix) && apiKey.endsWith(key.last_four);
}
function shownKey(key) {
  return `${key.prefix}\u2026${key.last_four}`;
}
var addKeysCommand = (program2, io) => {
  const keys = program2.command("keys").description("create, list and revoke API keys (needs an admin key)");
  keys.command("create").description("create a key and print its secret, which is shown this once only").argument("<name>", "a name that says where the key is used, e.g. ci").addOption(new Option("--role <role>", "what the key may do").choices(KEY_ROLE_CHOICES).default("member")).action(
    (name, options, command) => io.invoke(command, (c) => keysCreate(c, name, options.role))
  );
  keys.command("list").description("list the keys: id, name, role, prefix\u2026last four, active").action((_options, command) => io.invoke(command, keysList));
  keys.command("revoke").description("revoke a key: it stops authenticating at once").argument("<key_id>", "the id that svc keys list shows").action(
    (keyId, _options, command) => io.invoke(command, (c) => keysRevoke(c, keyId))
  );
  explainAdminKey(keys);
};

// src/cli/read-secret.ts
var MAX_SECRET_BYTES = 16 * 1024;
async function readSecretFromStream(stdin) {
  let text = "";
  for await (const chunk of stdin) {
    text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    if (text.length > MAX_SECRET_BYTES) throw new Error("stdin holds more than a key; pipe in the key alone");
  }
  return text.trim();
}
var ENTER = /* @__PURE__ */ new Set(["\r", "\n"]);
var CTRL_C = "";
var CTRL_D = "";
var BACKSPACE = /* @__PURE__ */ new Set(["\x7F", "\b"]);
function promptSecret(stdin, err, prompt) {
  err.write(prompt);
  stdin.setEncoding?.("utf8");
  stdin.setRawMode?.(true);
  stdin.resume?.();
  return new Promise((resolve5, reject) => {
    let typed = "";
    const finish = (outcome2) => {
      stdin.off("data", onData);
      stdin.setRawMode?.(false);
      stdin.pause?.();
      err.line();
      outcome2();
    };
    const onData = (chunk) => {
      for (const character of typeof chunk === "string" ? chunk : chunk.toString("utf8")) {
        if (character === CTRL_C) {
          finish(() => {
            reject(new CommandFailure("Interrupted.", EXIT.interrupted));
          });
          return;
        }
        if (ENTER.has(character) || character === CTRL_D) {
          finish(() => {
            resolve5(typed.trim());
          });
          return;
        }
        if (BACKSPACE.has(character)) typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    stdin.on("data", onData);
  });
}

// src/cli/commands/login.ts
async function login(context, options) {
  if (context.globals.apiKey !== void 0) {
    throw new UsageError(
      "svc login does not take --api-key: a key on the command line stays in the shell history. Type it at the prompt, or pipe it in: svc login --with-token < key.txt"
    );
  }
  const key = await readKey(context, options);
  if (!key) throw new UsageError("No key was given: svc login reads one line, the API key (svc_sk_...).");
  context.addSecret(key);
  const { baseUrl } = context.credentials(key);
  const client = context.clientFor(key, baseUrl);
  let principal;
  try {
    principal = await client.me({ signal: context.signal });
  } finally {
    await client.close();
  }
  const path2 = context.configPath;
  let document;
  try {
    document = readConfigDocument(path2) ?? {};
    configString(document, "base_url", path2);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    context.err.line(`${error.message} It is replaced.`);
    document = {};
  }
  const written = writeConfigDocument(path2, { ...document, api_key: key, base_url: baseUrl });
  if (written.loosenedMode !== void 0) {
    context.err.line(`The config file was mode ${formatMode(written.loosenedMode)}; it is now 0600.`);
  }
  const organization = organizationName(principal);
  if (context.globals.json) {
    context.out.write(
      jsonText({
        user_id: principal.user_id,
        email: principal.email,
        role: principal.role,
        organization_id: principal.active_org_id,
        organization,
        base_url: baseUrl,
        config_path: path2
      })
    );
    return;
  }
  context.out.line(
    terminalInline(
      `Logged in as ${principal.email} (${principal.role}) to ${organization} (${principal.active_org_id}) at ${baseUrl}.`
    )
  );
  context.out.line(`Key and URL saved in ${path2} (mode 0600).`);
}
async function readKey(context, options) {
  const { stdin } = context.io;
  if (options.withToken) return readSecretFromStream(stdin);
  if (stdin.isTTY !== true || !stdin.setRawMode) {
    throw new UsageError(
      "stdin is not a terminal, so svc login cannot ask for the key. Pipe it in with: svc login --with-token < key.txt"
    );
  }
  return promptSecret(stdin, context.err, "API key (input hidden): ");
}
function organizationName(principal) {
  const { organizations, active_org_id: activeId } = principal;
  const active = organizations.find((org) => org.id === activeId);
  if (active) return active.name;
  const only = organizations.length === 1 ? organizations[0] : void 0;
  return only?.id === void 0 && only ? only.name : activeId;
}
var addLoginCommand = (program2, io) => {
  program2.command("login").description(
    "save an API key (checked with the service first) and the URL in ~/.svc/config.toml, mode 0600"
  ).option("--with-token", "read the key from stdin instead of asking for it").action((options, command) => io.invoke(command, (c) => login(c, options)));
};

// src/cli/commands/logout.ts
function logout(context) {
  const path2 = context.configPath;
  const document = readConfigDocument(path2);
  const saved = document?.api_key !== void 0;
  if (document !== void 0 && saved) {
    const { api_key: _removed, ...rest } = document;
    writeConfigDocument(path2, rest);
  }
  const environmentKey = (context.io.env.SVC_API_KEY ?? "").trim() !== "";
  if (context.globals.json) {
    context.out.write(jsonText({ removed: saved, path: path2, svc_api_key_set: environmentKey }));
  } else {
    context.out.line(
      terminalInline(
        saved ? `Removed the API key from ${path2}. It still works on the service until revoked: svc keys revoke <key_id>.` : `No API key is saved in ${path2}: nothing to remove.`
      )
    );
  }
  if (environmentKey) context.err.line("SVC_API_KEY is still set: svc uses that key until it is unset.");
}
var addLogoutCommand = (program2, io) => {
  program2.command("logout").description(
    "remove the API key svc login saved in ~/.svc/config.toml (the key stays valid until revoked)"
  ).action(
    (_options, command) => io.invoke(command, (c) => {
      logout(c);
    })
  );
};

// src/cli/commands/remediations.ts
async function remediate(context, findingId, flags) {
  const client = context.client();
  const started = await client.remediateFinding(findingId, { signal: context.signal });
  if (!flags.wait) {
    writeJob(context, started);
    if (!context.globals.json)
      context.err.line(terminalInline(`svc remediations view ${started.id} shows how it goes.`));
    return;
  }
  context.err.line(
    terminalInline(`Started remediation ${started.id} of finding ${findingId}; waiting for it.`)
  );
  const done = await waitForJob(
    context,
    { what: `Remediation ${started.id}`, view: `svc remediations view ${started.id}` },
    flags.waitTimeout,
    ({ timeoutMs, signal }) => client.waitForRemediation(started.id, { intervalMs: JOB_POLL_INTERVAL_MS, timeoutMs, signal })
  );
  writeJob(context, done);
  if (classifyRemediation(done) !== "succeeded") {
    throw new CommandFailure(`Remediation ${done.id} ended without a pull request.`, EXIT.service);
  }
}
async function remediationsView(context, id) {
  writeJob(context, await context.client().getRemediation(id, { signal: context.signal }));
}
function writeJob(context, job) {
  if (context.globals.json) {
    context.out.write(jsonText(job));
    return;
  }
  const status = job.status ?? classifyRemediation(job);
  context.out.line(
    terminalInline(
      `Remediation ${job.id}${job.finding_id ? ` of finding ${job.finding_id}` : ""}: ${status}`
    )
  );
  if (job.pr_url) context.out.line(terminalInline(`Pull request: ${job.pr_url}`));
  if (job.branch) context.out.line(terminalInline(`Branch:       ${job.branch}`));
  if (job.failure_reason) context.out.line(terminalInline(`Failed:       ${job.failure_reason}`));
}
var addRemediateCommand = (program2, io) => {
  withWait(
    program2.command("remediate").description("start a remediation of a finding: the service may open a pull request with its fix").argument("<finding-id>", "the finding to remediate"),
    "the remediation"
  ).action(
    (findingId, flags, command) => io.invoke(command, (c) => remediate(c, findingId, flags))
  );
};
var addRemediationsCommand = (program2, io) => {
  program2.command("remediations").description("remediation jobs").command("view").description("a remediation job's status, pull request and branch").argument("<id>", "the remediation id").action(
    (id, _options, command) => io.invoke(command, (c) => remediationsView(c, id))
  );
};

// src/cli/commands/repos.ts
var REPOS_FORMATS = ["table", "json", "matrix"];
var GITHUB_MATRIX_MAX_JOBS = 256;
async function reposList(context, options) {
  const format2 = options.format ?? (context.globals.json ? "json" : "table");
  const repositories = [];
  const params = options.projectId ? { project_id: options.projectId } : {};
  for await (const repository of context.client().iterateRepositories(params, { signal: context.signal })) {
    repositories.push(repository);
  }
  switch (format2) {
    case "json":
      context.out.write(jsonText(repositories));
      return;
    case "matrix":
      context.out.write(jsonText(matrixOf(repositories), false));
      if (repositories.length > GITHUB_MATRIX_MAX_JOBS) {
        context.err.line(
          `warning: ${repositories.length} repositories: a GitHub Actions matrix runs at most ${GITHUB_MATRIX_MAX_JOBS} jobs. Split the list with --project-id.`
        );
      }
      return;
    case "table":
      context.out.write(
        renderTable(
          ["REPOSITORY", "ID", "DEFAULT BRANCH", "PROJECT"],
          repositories.map((r) => [r.full_name, r.id, r.default_branch, r.project_id ?? ""])
        )
      );
  }
}
function matrixOf(repositories) {
  return { include: repositories.map((repository) => ({ repository: repository.full_name })) };
}
var addReposCommand = (program2, io) => {
  program2.command("repos").description("the repositories connected to the service").command("list").description("list the repositories; --format matrix prints a GitHub Actions matrix").option("--project-id <id>", "only the repositories of this project").addOption(
    new Option(
      "--format <format>",
      'table, json, or matrix: {"include":[{"repository":"owner/name"},\u2026]}'
    ).choices(REPOS_FORMATS)
  ).action(
    (options, command) => io.invoke(command, (c) => reposList(c, options))
  );
};

// src/cli/scan/scan-progress-writer.ts
var SPINNER = ["\u280B", "\u2819", "\u2839", "\u2838", "\u283C", "\u2834", "\u2826", "\u2827", "\u2807", "\u280F"];
var SPIN_MS = 100;
var ScanProgressWriter = class {
  #err;
  #now;
  #startedAt;
  #lines;
  #latest;
  #frame = 0;
  #timer;
  constructor(err, now) {
    this.#err = err;
    this.#now = now;
    this.#startedAt = now();
    this.#lines = new ScanProgress(this.#startedAt);
  }
  update(scan2) {
    this.#latest = scan2;
    if (!this.#err.isTTY) {
      for (const line of this.#lines.update(scan2, this.#now())) this.#err.line(terminalText(line));
      return;
    }
    this.#timer ??= setInterval(() => {
      this.#frame += 1;
      this.#draw();
    }, SPIN_MS).unref();
    this.#draw();
  }
  /** Stops the spinner and leaves the last state on its own line. */
  stop() {
    if (this.#timer === void 0) return;
    clearInterval(this.#timer);
    this.#timer = void 0;
    this.#draw();
    this.#err.write("\n");
  }
  #draw() {
    const scan2 = this.#latest;
    if (!scan2) return;
    const modules = scan2.modules.map((m) => `${m.name} ${m.status}`).join(", ");
    const elapsed = formatElapsed(this.#now() - this.#startedAt);
    const text = terminalInline(
      `scan ${scan2.id}: ${scan2.status}${modules ? ` \xB7 ${modules}` : ""} (${elapsed})`
    );
    const columns = (process.stderr.columns || 80) - 3;
    this.#err.write(`\r\x1B[2K${SPINNER[this.#frame % SPINNER.length] ?? ""} ${text.slice(0, columns)}`);
  }
};
var SpinnerProgress = class {
  stage = "inputs";
  #err;
  #now;
  #scan;
  #spinner;
  #ended = false;
  constructor(err, now) {
    this.#err = err;
    this.#now = now;
  }
  get scan() {
    return this.#scan;
  }
  set scan(scan2) {
    this.#scan = scan2;
    if (scan2 === void 0 || this.#ended || !this.#err.isTTY) return;
    this.#spinner ??= new ScanProgressWriter(this.#err, this.#now);
    this.#spinner.update(scan2);
    if (classifyScanStatus(scan2.status) !== "running") this.stop();
  }
  /** Leaves the last state on its own line; nothing is drawn after. */
  stop() {
    this.#ended = true;
    this.#spinner?.stop();
  }
};

// src/cli/scan/scan-policy.ts
import { stat } from "node:fs/promises";
import { basename, dirname as dirname4, join as join3, resolve as resolve4 } from "node:path";
var DEFAULT_POLICY_FILE = POLICY_FILE_INPUT.default;
async function readScanPolicy(flag, cwd) {
  if (flag === "none") return noPolicy("Policy: none (--policy none).");
  const place = flag === void 0 ? await defaultPlace(cwd) : namedPlace(cwd, flag);
  const commit = await checkedOutCommit(place.checkout) ?? "the working tree";
  const text = await readWorkspacePolicy(place.folder, place.file, commit).catch(asConfigFailure);
  if (text === void 0) {
    if (flag !== void 0)
      throw new CommandFailure(
        `The policy file ${flag} named by --policy does not exist. Fix the path, or give --policy none to scan without a policy.`,
        EXIT.config
      );
    return noPolicy(`Policy: none (no ${DEFAULT_POLICY_FILE} in ${place.checkout}).`);
  }
  const parser = await loadPolicyParser();
  const policy = parse2(() => parser.parsePolicy(text.text, text.path));
  const source = sourceOf2(place, text);
  return { policy, source, change: [], changeApplied: true, notes: [], log: [`Policy: ${source}.`] };
}
async function defaultPlace(cwd) {
  const checkout = await checkoutOf(cwd) ?? cwd;
  return { checkout, folder: checkout, file: DEFAULT_POLICY_FILE };
}
function namedPlace(cwd, flag) {
  const path2 = resolve4(cwd, flag);
  return { checkout: cwd, folder: dirname4(path2), file: basename(path2) };
}
async function checkoutOf(folder) {
  for (let at = resolve4(folder); ; at = dirname4(at)) {
    if (await stat(join3(at, ".git")).catch(() => void 0)) return at;
    if (dirname4(at) === at) return void 0;
  }
}
function sourceOf2(place, text) {
  const at = /^[0-9a-f]{40}/.test(text.commit) ? ` at ${text.commit.slice(0, 12)}` : "";
  return `${join3(place.folder, place.file)}${at}`;
}
function parse2(read) {
  try {
    return read();
  } catch (error) {
    return asConfigFailure(error);
  }
}
function asConfigFailure(error) {
  if (error instanceof Error) throw new CommandFailure(error.message, EXIT.config, { cause: error });
  throw error;
}
function noPolicy(line) {
  return { policy: void 0, source: void 0, change: [], changeApplied: true, notes: [], log: [line] };
}

// src/cli/scan/stderr-run-log.ts
function stderrRunLog(err, debugging) {
  let inGroup = false;
  const quiet = () => inGroup && err.isTTY;
  return {
    debug: (message) => {
      if (debugging) err.line(terminalText(`debug: ${message}`));
    },
    info: (message) => {
      if (!quiet()) err.line(terminalText(message));
    },
    warning: (message) => {
      err.line(terminalText(`warning: ${message}`));
    },
    startGroup: () => {
      inGroup = true;
    },
    endGroup: () => {
      inGroup = false;
    }
  };
}
var StartedScanRecord = class {
  #id;
  #settled = true;
  /** The scan svc started and that has not ended nor been cancelled yet. */
  get leftRunning() {
    return this.#settled ? void 0 : this.#id;
  }
  scanId(id) {
    this.#id = id;
    this.#settled = false;
  }
  scanSettled() {
    this.#settled = true;
  }
  /** svc scan starts no baseline. */
  baselineScanId() {
    return void 0;
  }
  baselineSettled() {
    return void 0;
  }
};

// src/cli/commands/scan.ts
async function scan(context, repositoryName, flags) {
  const format2 = scanFormat(flags, context.globals.json);
  scanSettings(repositoryName, flags);
  const loaded = await readScanPolicy(flags.policy, context.io.cwd);
  const settings = scanSettings(
    repositoryName,
    flags,
    loaded.policy && { file: loaded.policy.file, values: loaded.policy.settings }
  );
  if (flags.output !== void 0) checkWritable(flags.output);
  const record = new StartedScanRecord();
  const progress = new SpinnerProgress(context.err, context.io.now);
  const policy = runPolicyOf(loaded, settings, /* @__PURE__ */ new Date());
  const scope = scanContext(context, { settings, record, progress, policy }, format2 === "sarif");
  for (const line of loaded.log) context.err.line(terminalText(line));
  const findings = new FindingSet(scope.client, format2 === "sarif");
  const run = {
    context,
    scope: { ...scope, findingReading: findings },
    findings,
    record,
    progress,
    format: format2,
    flags
  };
  try {
    return await scanAndJudge(run);
  } catch (error) {
    throw await afterFailure(run, error);
  } finally {
    progress.stop();
    await findings.close();
  }
}
function scanContext(context, parts, everyFinding) {
  const deadline = new RunDeadline(parts.settings.waitTimeoutSeconds * 1e3, context.io.now);
  return {
    ...parts,
    client: context.client(),
    log: stderrRunLog(context.err, context.debugging),
    signal: AbortSignal.any([context.signal, deadline.signal]),
    stopSignal: context.signal,
    deadline,
    now: context.io.now,
    // The SARIF run reads every finding afterwards: the run reads whole pages, and its finding set keeps them.
    findingsNeed: { rows: SUMMARY_MAX_FINDINGS, perSeverity: 0, wholePages: everyFinding },
    // The counts hold no finding outside the policy's paths, below fail-on too: a person reads every count.
    wholeUnderPolicy: true,
    onScanStarted: () => Promise.resolve(void 0),
    change: void 0,
    baselineFinder: findCompletedBaseline,
    showsInsights: false
  };
}
async function scanAndJudge(run) {
  const result = await runScan(run.scope);
  const { scan: scan2, results } = result;
  if (scan2 === void 0 || results === void 0) throw new Error(result.skipped ?? "The run was skipped.");
  if (result.policy) run.context.err.line(terminalText(policyLine(result.policy)));
  return writeScanReport(run, { ...result, scan: scan2, results });
}
function policyLine(policy) {
  return `Policy: ${policy.suppressedCount} suppressed, ${policy.outOfScopeCount} out of scope.`;
}
async function writeScanReport(run, result) {
  const { context, scope, format: format2, flags } = run;
  const { scan: scan2, results } = result;
  const { verdict } = results;
  if (format2 === "sarif") {
    const target = {
      findings: run.findings,
      signal: scope.signal,
      pageSize: scope.settings.pageSize,
      output: flags.output,
      filter: scope.policy.filter
    };
    await writeSarifReport(context, target, { scan: scan2, results, passed: verdict.passed });
  } else {
    const document = buildScanReport({
      scan: { ...scan2, modules: [...scan2.modules] },
      riskScore: results.riskScore,
      counts: results.counts,
      verdict,
      failOn: results.failOn,
      severityThreshold: results.severityThreshold,
      reportFloor: results.reportFloor,
      reportedTotal: results.reportedTotal,
      findings: results.findings,
      notes: result.notes,
      policy: result.policy
    });
    writeReport(context, document, format2, flags.output);
  }
  if (flags.output !== void 0)
    context.err.line(terminalInline(`Gate ${verdict.passed ? "passed" : "failed"}: ${verdict.reason}`));
  return verdict.passed ? EXIT.ok : EXIT.gateFailed;
}
async function afterFailure(run, error) {
  const { scope, record } = run;
  const leftRunning = record.leftRunning;
  const cancelled = leftRunning === void 0 ? void 0 : await cancelScan(scope, leftRunning, () => {
    record.scanSettled();
  });
  if (run.context.signal.aborted) return error;
  if (error instanceof RepositoryNotFoundError)
    return new CommandFailure(inSvcWords(error.advice), EXIT.config);
  if (error instanceof CommandFailure || !(error instanceof RunTimeoutError || scope.deadline.expired))
    return error;
  const within = `did not finish within --wait-timeout (${scope.settings.waitTimeoutSeconds} s)`;
  if (leftRunning === void 0)
    return new CommandFailure(`svc scan ${within}.`, EXIT.service, { cause: error });
  return new CommandFailure(
    `Scan ${leftRunning} ${within}; ${cancelled ? "it was cancelled on the service." : "it could not be cancelled."}`,
    EXIT.service,
    { cause: error }
  );
}
var addScanCommand = (program2, io) => {
  const command = program2.command("scan").description("scan a repository and apply the gate, as the action does: exit 0 passed, 1 failed").argument("<repository>", "owner/name, as svc repos list shows it");
  for (const option of sharedScanOptions()) command.addOption(option);
  command.addOption(
    new Option("--format <format>", "report format (default: text; json with --json)").choices(
      SCAN_FORMATS
    )
  ).option("--output <file>", "write the report to this file instead of stdout").action(
    (repository, flags, scanCommand) => io.invoke(scanCommand, (c) => scan(c, repository, flags))
  );
};

// src/cli/commands/scans.ts
var SCANS_LIMIT = { default: 30, max: 1e3 };
var REPOSITORY_PATTERN = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
async function scansList(context, options) {
  const client = context.client();
  const repository = options.repository === void 0 ? void 0 : await repositoryNamed(context, options.repository);
  const params = repository === void 0 ? {} : { repository_id: repository.id };
  const limit = options.limit ?? SCANS_LIMIT.default;
  const scans = [];
  for await (const scan2 of client.iterateScans(params, { maxItems: limit, signal: context.signal }))
    scans.push(scan2);
  if (context.globals.json) context.out.write(jsonText(scans));
  else if (scans.length === 0) context.err.line("No scans.");
  else {
    const names = repository ? /* @__PURE__ */ new Map([[repository.id, repository.full_name]]) : await repositoryNames(context);
    const rows = scans.map((scan2) => [
      scan2.id,
      repositoryOf(scan2, names),
      scan2.status,
      scan2.ref ?? "",
      moduleNames(scan2),
      scan2.created_at ?? ""
    ]);
    context.out.write(renderTable(["ID", "REPOSITORY", "STATUS", "REF", "MODULES", "CREATED"], rows));
  }
  await sayWhenCut(context, {
    shown: scans.length,
    limit,
    max: SCANS_LIMIT.max,
    what: "scans",
    total: async () => (await client.listScans({ ...params, limit: 1 }, { signal: context.signal })).total
  });
}
async function repositoryNamed(context, fullName) {
  if (!REPOSITORY_PATTERN.test(fullName)) {
    throw new UsageError(
      `--repository is invalid: got '${fullName}'; expected owner/name, as svc repos list shows it.`
    );
  }
  const repository = await context.client().findRepositoryByFullName(fullName, { signal: context.signal });
  if (!repository) {
    throw new CommandFailure(
      `Repository '${fullName}' was not found on the service: svc repos list shows the repositories connected to it. Check the name (owner/name), or use a key of the organization that owns it.`,
      EXIT.config
    );
  }
  return repository;
}
async function repositoryNames(context) {
  const names = /* @__PURE__ */ new Map();
  for await (const repository of context.client().iterateRepositories({}, { signal: context.signal }))
    names.set(repository.id, repository.full_name);
  return names;
}
function repositoryOf(scan2, names) {
  if (scan2.repository_id === void 0) return "";
  return names.get(scan2.repository_id) ?? scan2.repository_id;
}
async function scansView(context, id) {
  const client = context.client();
  const scan2 = await client.getScan(id, { signal: context.signal });
  const report = classifyScanStatus(scan2.status) === "succeeded" ? await client.getScanReport(id, { signal: context.signal }) : void 0;
  if (context.globals.json) {
    context.out.write(jsonText({ scan: scan2, report: report ?? null }));
    return;
  }
  const repository = scan2.repository_id === void 0 ? "" : repositoryOf(scan2, await repositoryNames(context));
  const of = repository ? ` of ${repository}` : "";
  context.out.line(
    terminalInline(`Scan ${scan2.id}${of}: ${scan2.status}${scan2.ref ? ` at ${scan2.ref}` : ""}`)
  );
  if (scan2.created_at) context.out.line(terminalInline(`Created ${scan2.created_at}`));
  if (scan2.modules.length > 0) {
    context.out.line();
    context.out.write(
      renderTable(
        ["MODULE", "STATUS"],
        scan2.modules.map((module) => [module.name, module.status])
      )
    );
  }
  if (report) writeReport2(context, scan2.id, report);
}
function writeReport2(context, id, report) {
  const counts2 = SEVERITIES.map((severity) => `${report.severity_breakdown[severity] ?? 0} ${severity}`).join(
    ", "
  );
  context.out.line();
  context.out.line(`Risk score ${report.risk_score} \xB7 ${report.total_findings} findings: ${counts2}`);
  context.out.line(terminalInline(`svc findings list --scan ${id} lists them.`));
}
async function scansCancel(context, id) {
  const scan2 = await context.client().cancelScan(id, { signal: context.signal });
  if (context.globals.json) context.out.write(jsonText(scan2));
  else context.out.line(terminalInline(describeCancelled(scan2)));
}
function moduleNames(scan2) {
  return scan2.modules.map((module) => module.name).join(",");
}
var addScansCommand = (program2, io) => {
  const scans = program2.command("scans").description("list, show and cancel scans");
  scans.command("list").description("the newest scans, of one repository or of all").option("--repository <owner/name>", "only the scans of this repository").option(
    "--limit <n>",
    `at most this many (default: ${SCANS_LIMIT.default})`,
    limitParser(SCANS_LIMIT.max)
  ).action(
    (options, command) => io.invoke(command, (c) => scansList(c, options))
  );
  scans.command("view").description("a scan's status, modules and report").argument("<id>", "the scan id, e.g. scan_123").action((id, _options, command) => io.invoke(command, (c) => scansView(c, id)));
  scans.command("cancel").description("ask the service to cancel a scan, and say what became of it").argument("<id>", "the scan id").action(
    (id, _options, command) => io.invoke(command, (c) => scansCancel(c, id))
  );
};

// src/cli/commands/usage.ts
async function usage(context) {
  const overview = await context.client().getUsage({ signal: context.signal });
  if (context.globals.json) context.out.write(jsonText(overview));
  else context.out.line(`Remaining credits: ${overview.remaining_credits}`);
}
var addUsageCommand = (program2, io) => {
  program2.command("usage").description("show the organization's remaining credits").action((_options, command) => io.invoke(command, usage));
};

// src/cli/commands/whoami.ts
async function whoami(context) {
  const principal = await context.client().me({ signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(principal));
    return;
  }
  const organization = organizationName(principal);
  context.out.line(terminalInline(`${principal.email} (${principal.user_id})`));
  context.out.line(terminalInline(`organization: ${organization} (${principal.active_org_id})`));
  context.out.line(terminalInline(`role: ${principal.role}`));
  context.out.line(terminalInline(`permissions: ${principal.permissions.join(", ") || "none"}`));
  const others = principal.organizations.filter((org) => org.id !== principal.active_org_id);
  if (others.length > 0) {
    context.out.line(terminalInline(`also a member of: ${others.map((org) => org.name).join(", ")}`));
  }
}
var addWhoamiCommand = (program2, io) => {
  program2.command("whoami").description("show who the key belongs to: user, organization, role").action((_options, command) => io.invoke(command, whoami));
};

// src/cli/commands/registry.ts
var COMMANDS = [
  addLoginCommand,
  addLogoutCommand,
  addConfigCommand,
  addWhoamiCommand,
  addKeysCommand,
  addReposCommand,
  addScanCommand,
  addScansCommand,
  addFleetCommand,
  addFindingsCommand,
  addRemediateCommand,
  addRemediationsCommand,
  addAiAnalysisCommand,
  addComplianceCommand,
  addAiSecurityCommand,
  addUsageCommand,
  addAuditLogsCommand,
  addCompletionCommand
];

// src/cli/program.ts
function buildProgram(io) {
  const program2 = new Command("svc").description(
    "The code-security scanning service from any shell or CI: log in, manage keys, list repositories, scan."
  ).version(CLIENT_VERSION, "-V, --version", "print the version of svc").helpOption("-h, --help", "show help for the command").option("--api-key <key>", "API key (default: SVC_API_KEY, then api_key in ~/.svc/config.toml)").option(
    "--api-url <url>",
    "service URL ending in /api/v1 (default: SVC_API_URL, then base_url in ~/.svc/config.toml)"
  ).option("--json", "machine-readable output (JSON) on stdout").exitOverride().configureOutput({
    writeOut: (text) => {
      io.out.write(text);
    },
    writeErr: (text) => {
      io.err.write(text);
    },
    // Every error of svc starts with "svc:", those of the parser too (commander says "error:").
    outputError: (text, write) => {
      write(text.replace(/^error:/, "svc:"));
    }
  }).showSuggestionAfterError(true).showHelpAfterError("(run with --help for usage)").configureHelp({ showGlobalOptions: true, sortSubcommands: false }).addHelpText("after", exitCodesHelp());
  for (const add of COMMANDS) add(program2, io);
  return program2;
}
function exitCodesHelp() {
  const width = Math.max(...EXIT_CODE_MEANINGS.map(([code]) => String(code).length));
  const lines = EXIT_CODE_MEANINGS.map(([code, meaning]) => `  ${String(code).padEnd(width)}  ${meaning}`);
  return `
Exit codes:
${lines.join("\n")}
`;
}

// src/cli/cli.ts
function isCommanderSuccess(error) {
  if (error.code === "commander.help") return error.exitCode === 0;
  return error.code === "commander.helpDisplayed" || error.code === "commander.version";
}
async function runCli(io) {
  const secrets = /* @__PURE__ */ new Set();
  const out = new Writer(io.stdout, secrets);
  const err = new Writer(io.stderr, secrets);
  let exitCode = EXIT.ok;
  let scope = () => ({});
  const invoke = async (command, body) => {
    const context = new CommandContext(io, globalOptions(command), secrets);
    scope = () => ({
      command: commandWords(command),
      baseUrl: context.resolvedUrl?.baseUrl,
      builtInUrl: context.resolvedUrl?.builtIn
    });
    if (context.globals.apiKey) context.addSecret(context.globals.apiKey);
    try {
      const result = await body(context);
      exitCode = typeof result === "number" ? result : EXIT.ok;
    } finally {
      await context.close();
    }
  };
  try {
    const program2 = buildProgram({ out, err, invoke });
    await program2.parseAsync(helpAsFlag(io.argv, program2), { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      return isCommanderSuccess(error) ? EXIT.ok : EXIT.usage;
    }
    const failure = describeFailure(error, io.signal.aborted, scope());
    err.line(terminalText(`svc: ${failure.message}`));
    return failure.exitCode;
  }
  return io.signal.aborted ? EXIT.interrupted : exitCode;
}
function helpAsFlag(argv, program2) {
  const [first, ...rest] = argv;
  if (first !== "help" || rest.length === 0) return [...argv];
  let command = program2;
  for (const word of rest) {
    if (command.commands.length === 0 || word.startsWith("-")) break;
    const sub = command.commands.find((candidate) => candidate.name() === word);
    if (sub === void 0) return rest;
    command = sub;
  }
  return [...rest, "--help"];
}
function commandWords(command) {
  const words = [];
  let at = command;
  while (at.parent) {
    words.unshift(at.name());
    at = at.parent;
  }
  return words.join(" ");
}
function globalOptions(command) {
  const options = command.optsWithGlobals();
  return { apiKey: options.apiKey, apiUrl: options.apiUrl, json: options.json === true };
}
export {
  runCli
};
//# sourceMappingURL=cli-423HRXJP.js.map
