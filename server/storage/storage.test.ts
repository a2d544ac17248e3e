import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage, readAll } from './storage.js';

const roots: string[] = [];
const freshStorage = () => {
  const root = mkdtempSync(join(tmpdir(), 'rubrica-storage-'));
  roots.push(root);
  return { root, storage: createLocalStorage(root) };
};
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('local file storage', () => {
  it('puts, gets and deletes by key, buffers and streams alike', async () => {
    const { storage } = freshStorage();
    expect(await storage.put('companies/7/logo.png', Buffer.from('png-bytes'))).toEqual({ size: 9 });
    expect((await readAll(storage, 'companies/7/logo.png'))?.toString()).toBe('png-bytes');
    expect(
      await storage.put('companies/7/logo.png', Readable.from([Buffer.from('new '), Buffer.from('bytes')])),
    ).toEqual({ size: 9 });
    expect((await readAll(storage, 'companies/7/logo.png'))?.toString()).toBe('new bytes');
    await storage.delete('companies/7/logo.png');
    expect(await storage.get('companies/7/logo.png')).toBeNull();
    await storage.delete('companies/7/logo.png');
  });

  it('leaves no temporary file behind', async () => {
    const { root, storage } = freshStorage();
    await storage.put('a/b.txt', Buffer.from('x'));
    expect(readdirSync(join(root, 'a'))).toEqual(['b.txt']);
  });

  it('refuses keys that could leave its folder', async () => {
    const { storage } = freshStorage();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', '', 'a\\b', 'a/..']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/inválida/);
    }
    expect(await storage.get('missing/file')).toBeNull();
  });
});
