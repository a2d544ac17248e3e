import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUEST_EVENT_ACTIONS, requestEventSentence } from '../../../contract/requestEvents.js';
import { projectRoot } from '../../paths.js';

/** Every non-test TypeScript file of the server. */
function serverSources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|^test-/.test(entry.name) ? [path] : [];
  });
}

/**
 * The actions written into request trails, read from the code that writes them: `action: 'x'`
 * (and both branches of `action: cond ? 'x' : 'y'`) in every file that appends events.
 */
function writtenActions(): Map<string, string[]> {
  const root = projectRoot();
  const found = new Map<string, string[]>();
  for (const file of serverSources(join(root, 'server'))) {
    const source = readFileSync(file, 'utf8');
    if (!/appendRequestEvent\(|chainEntry\(/.test(source)) continue;
    for (const match of source.matchAll(/\baction:\s*([^,\n}]+)/g)) {
      const expression = match[1]!;
      const written = expression.includes('?') ? expression.slice(expression.indexOf('?')) : expression;
      for (const literal of written.matchAll(/'([a-z_]+)'/g)) {
        found.set(literal[1]!, [...(found.get(literal[1]!) ?? []), relative(root, file)]);
      }
    }
  }
  return found;
}

describe('request event actions', () => {
  it('gives every action the server writes a Spanish sentence of its own', () => {
    const written = writtenActions();
    // The scan sees the writers it must: signing, sending, history actions, approval, sealing.
    for (const action of ['sent', 'invited', 'reminded', 'selfie', 'signed', 'auto_sign_approved', 'sealed'])
      expect(written.has(action), action).toBe(true);
    for (const [action, files] of written) {
      expect(REQUEST_EVENT_ACTIONS, `${action} (${files.join(', ')})`).toContain(action);
      const sentence = requestEventSentence({ action, details: {} });
      expect(sentence).not.toContain(action);
      expect(sentence).not.toMatch(/^Evento registrado/);
    }
  });
});
