import { findLine } from './patch-hunks.ts';
import type { CheckRun, ReviewComment, Store } from './store.ts';

/**
 * Renders what GitHub would show as plain text: each check run with its conclusion, output and annotations by
 * level; each pull request's conversation comments; and review comments, with a suggestion block shown as the
 * head lines it replaces (`-`) and the suggested lines (`+`), as GitHub's "Suggested change" box does.
 */

const LEVELS = ['failure', 'warning', 'notice'] as const;

export function renderState(store: Store): string {
  const out: string[] = [];
  for (const run of store.checkRuns.values()) out.push(...renderCheckRun(run), '');
  for (const repository of store.repositories.values()) {
    for (const pull of repository.pulls.values()) {
      const where = `${repository.owner}/${repository.name}#${pull.number}`;
      const comments = store.issueComments.filter(
        (c) => c.repository === repository && c.issueNumber === pull.number,
      );
      if (comments.length > 0) {
        out.push(`Conversation on ${where} (${comments.length} comments)`);
        for (const comment of comments) {
          const edited = comment.updatedAt === comment.createdAt ? '' : ', edited';
          out.push(`  @${comment.user} (${comment.createdAt}${edited})`, ...indent(comment.body, 4));
        }
        out.push('');
      }
      const reviews = store.reviews.filter(
        (r) => r.repository === repository && r.pullNumber === pull.number,
      );
      for (const review of reviews) {
        out.push(`Review by @${review.user} on ${where}: ${review.state}`);
        if (review.body !== '') out.push(...indent(review.body, 4));
        for (const comment of store.reviewComments.filter((c) => c.reviewId === review.id)) {
          out.push(...renderReviewComment(comment));
        }
        out.push('');
      }
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function renderCheckRun(run: CheckRun): string[] {
  const outcome = run.status === 'completed' ? (run.conclusion ?? 'completed') : run.status;
  const lines = [`Check run "${run.name}" on ${run.headSha.slice(0, 7)}: ${outcome}`];
  if (run.output.title !== null) lines.push(`  ${run.output.title}`);
  if (run.output.summary !== null) lines.push('  Summary:', ...indent(run.output.summary, 4));
  if (run.output.text !== null) lines.push('  Details:', ...indent(run.output.text, 4));
  const counts = LEVELS.map(
    (level) => `${run.annotations.filter((a) => a.annotation_level === level).length} ${level}`,
  );
  lines.push(`  Annotations: ${run.annotations.length} (${counts.join(', ')})`);
  for (const level of LEVELS) {
    for (const annotation of run.annotations.filter((a) => a.annotation_level === level)) {
      const span = annotation.end_line === annotation.start_line ? '' : `-${annotation.end_line}`;
      const title = annotation.title === undefined ? '' : ` ${annotation.title}`;
      lines.push(`    [${level}] ${annotation.path}:${annotation.start_line}${span}${title}`);
      lines.push(...indent(annotation.message, 6));
    }
  }
  return lines;
}

function renderReviewComment(comment: ReviewComment): string[] {
  const range = comment.startLine === null ? `${comment.line}` : `${comment.startLine}-${comment.line}`;
  const lines = [`  ${comment.path}:${range} (${comment.side})`];
  const suggestion = /^(`{3,})suggestion[^\n]*\n([\s\S]*?)^\1`*[ \t]*$/m.exec(comment.body);
  if (!suggestion) return [...lines, ...indent(comment.body, 4)];
  const before = comment.body.slice(0, suggestion.index).trimEnd();
  const after = comment.body.slice(suggestion.index + suggestion[0].length).trim();
  if (before !== '') lines.push(...indent(before, 4));
  lines.push('    Suggested change:');
  for (const text of replacedLines(comment)) lines.push(`    - ${text}`);
  const suggested = (suggestion[2] ?? '').replace(/\n$/, '');
  if (suggested !== '') for (const text of suggested.split('\n')) lines.push(`    + ${text}`);
  if (after !== '') lines.push(...indent(after, 4));
  return lines;
}

/** The head's lines start_line..line as the pull request's patch shows them. */
function replacedLines(comment: ReviewComment): string[] {
  const pull = comment.repository.pulls.get(comment.pullNumber);
  const file = pull?.files.find((candidate) => candidate.filename === comment.path);
  if (!file) return [];
  const texts: string[] = [];
  for (let line = comment.startLine ?? comment.line; line <= comment.line; line++) {
    const found = findLine(file.hunks, line, comment.side);
    const text = found?.hunk.lines[found.index]?.text;
    if (text !== undefined) texts.push(text);
  }
  return texts;
}

function indent(text: string, width: number): string[] {
  const pad = ' '.repeat(width);
  return text.split('\n').map((line) => `${pad}${line}`.trimEnd());
}
