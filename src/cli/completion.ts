import type { Command, Option } from 'commander';

export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** A command of svc as completion sees it: its path of names, its subcommands and its flags. */
interface CommandNode {
  path: string[];
  subcommands: { name: string; description: string }[];
  /** The values its first argument takes, when the definition lists them (`svc completion <shell>`). */
  argumentChoices: readonly string[];
  flags: {
    names: string[];
    description: string;
    choices: readonly string[] | undefined;
    takesValue: boolean;
  }[];
}

/**
 * The completion script of a shell, generated from the same definitions that parse svc's arguments and write its
 * help (program.ts): a command or flag added there completes without another line here.
 */
export function completionScript(program: Command, shell: CompletionShell): string {
  // svc's own flags, but --version, which only svc itself takes.
  const globalFlags = program.options.filter((option) => option.long !== '--version').map(flagOf);
  const nodes = commandNodes(program, [], globalFlags);
  switch (shell) {
    case 'bash':
      return bashScript(nodes);
    case 'zsh':
      return `#compdef svc\n# svc completion for zsh: eval "$(svc completion zsh)", or save it as _svc on $fpath.\nautoload -U +X bashcompinit && bashcompinit\n${bashScript(nodes)}`;
    case 'fish':
      return fishScript(nodes);
  }
}

/** Every command, depth first; svc's own flags (--api-key, --json, …) are taken by each of them. */
function commandNodes(command: Command, path: string[], globalFlags: CommandNode['flags']): CommandNode[] {
  const own = command.options.map(flagOf);
  const node: CommandNode = {
    path,
    subcommands: command.commands.map((sub) => ({ name: sub.name(), description: sub.description() })),
    argumentChoices: command.registeredArguments[0]?.argChoices ?? [],
    flags: [...own, ...(path.length === 0 ? [] : globalFlags), helpFlag()],
  };
  return [node, ...command.commands.flatMap((sub) => commandNodes(sub, [...path, sub.name()], globalFlags))];
}

function flagOf(option: Option): CommandNode['flags'][number] {
  return {
    names: [option.long, option.short].filter((name): name is string => name !== undefined),
    description: option.description,
    choices: option.argChoices,
    takesValue: option.required || option.optional,
  };
}

function helpFlag(): CommandNode['flags'][number] {
  return {
    names: ['--help', '-h'],
    description: 'show help for the command',
    choices: undefined,
    takesValue: false,
  };
}

/** Words for a shell's single quotes. */
function quoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function bashScript(nodes: readonly CommandNode[]): string {
  const paths = nodes.filter((node) => node.path.length > 0).map((node) => quoted(node.path.join(' ')));
  const words = nodes.map((node) => {
    const candidates = [
      ...node.argumentChoices,
      ...node.subcommands.map((sub) => sub.name),
      ...node.flags.flatMap((flag) => flag.names),
    ];
    return `    ${quoted(node.path.join(' '))}) words=${quoted([...new Set(candidates)].join(' '))} ;;`;
  });
  const choices = nodes
    .flatMap((node) =>
      node.flags.flatMap((flag) =>
        flag.names.map((name) =>
          flag.choices === undefined
            ? ''
            : `    ${quoted(`${node.path.join(' ')}|${name}`)}) words=${quoted(flag.choices.join(' '))} ;;`,
        ),
      ),
    )
    .filter((line) => line !== '');
  return `# svc completion for bash: eval "$(svc completion bash)", e.g. in ~/.bashrc.
_svc() {
  local cur prev path word words i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  path=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case "\${path:+$path }$word" in
${paths.map((path) => `      ${path}) path="\${path:+$path }$word" ;;`).join('\n')}
    esac
  done
  words=""
  case "$path|$prev" in
${choices.join('\n')}
  esac
  if [[ -z "$words" ]]; then
    case "$path" in
${words.join('\n')}
    esac
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _svc svc
`;
}

function fishScript(nodes: readonly CommandNode[]): string {
  const paths = nodes.filter((node) => node.path.length > 0).map((node) => node.path.join(' '));
  const lines = [
    '# svc completion for fish: svc completion fish > ~/.config/fish/completions/svc.fish',
    'function __svc_path',
    `  set -l known ${paths.map(quoted).join(' ')}`,
    '  set -l path',
    '  for word in (commandline -opc)[2..-1]',
    '    set -l next (string join " " $path $word)',
    '    if contains -- $next $known',
    '      set path $path $word',
    '    end',
    '  end',
    '  string join " " $path',
    'end',
    'complete -c svc -f',
  ];
  for (const node of nodes) {
    const condition = `test (__svc_path) = ${quoted(node.path.join(' '))}`;
    if (node.argumentChoices.length > 0)
      lines.push(`complete -c svc -n ${quoted(condition)} -a ${quoted(node.argumentChoices.join(' '))}`);
    for (const sub of node.subcommands)
      lines.push(
        `complete -c svc -n ${quoted(condition)} -a ${quoted(sub.name)} -d ${quoted(sub.description)}`,
      );
    for (const flag of node.flags) {
      const long = flag.names.find((name) => name.startsWith('--'))?.slice(2);
      const short = flag.names.find((name) => !name.startsWith('--'))?.slice(1);
      const parts = [
        `complete -c svc -n ${quoted(condition)}`,
        long ? `-l ${long}` : '',
        short ? `-s ${short}` : '',
        flag.takesValue ? '-r' : '',
        flag.choices ? `-a ${quoted(flag.choices.join(' '))}` : '',
        `-d ${quoted(flag.description)}`,
      ];
      lines.push(parts.filter((part) => part !== '').join(' '));
    }
  }
  return `${lines.join('\n')}\n`;
}
