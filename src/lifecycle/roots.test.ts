import { describe, expect, it } from 'vitest';
import { buildListRootsResult, describeHostCapabilities, readRootArgument, validateRoot } from './roots.ts';

const toFileUri = (path: string) => `file://${path}`;

describe('describeHostCapabilities', () => {
  it('declares roots only when some are given', () => {
    expect(describeHostCapabilities()).toEqual({ sampling: {}, elicitation: { form: {}, url: {} } });
    expect(describeHostCapabilities([])).not.toHaveProperty('roots');
    expect(describeHostCapabilities([{ uri: 'file:///a' }])).toEqual({ sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } });
  });
});

describe('validateRoot', () => {
  it('takes a file:// URI, with a name when one is given', () => {
    expect(validateRoot({ uri: ' file:///home/me/project ', name: ' project ' })).toEqual({ root: { uri: 'file:///home/me/project', name: 'project' } });
    expect(validateRoot({ uri: 'file:///tmp', name: '  ' })).toEqual({ root: { uri: 'file:///tmp' } });
  });

  it('refuses an empty, relative, non-file or credentialed URI, saying why', () => {
    expect(validateRoot({ uri: '' })).toEqual({ error: expect.stringContaining('needs a URI') });
    expect(validateRoot({ uri: 'project/src' })).toEqual({ error: expect.stringContaining('not an absolute URI') });
    expect(validateRoot({ uri: 'https://example.com/repo' })).toEqual({ error: expect.stringContaining('only file:// URIs') });
    const credentialed = validateRoot({ uri: 'file://me:hunter2@host/share' });
    expect(credentialed).toEqual({ error: expect.stringContaining('user name or password') });
    expect(JSON.stringify(credentialed)).not.toContain('hunter2');
    expect(validateRoot({ uri: 'https://me:hunter2@example.com/repo' })).toEqual({ error: expect.stringContaining('user name or password') });
  });
});

describe('readRootArgument (the CLI’s --root URI[=NAME])', () => {
  it('reads a URI, a URI with a name, and an absolute path made a file:// URI', () => {
    expect(readRootArgument('file:///srv/app', toFileUri)).toEqual({ root: { uri: 'file:///srv/app' } });
    expect(readRootArgument('file:///srv/app=My app', toFileUri)).toEqual({ root: { uri: 'file:///srv/app', name: 'My app' } });
    expect(readRootArgument('/home/me/notes=notes', toFileUri)).toEqual({ root: { uri: 'file:///home/me/notes', name: 'notes' } });
  });

  it('refuses a relative path: nothing depends on where the CLI runs', () => {
    expect(readRootArgument('src', toFileUri)).toEqual({ error: expect.stringContaining('neither a URI nor an absolute path') });
    expect(readRootArgument('./src', toFileUri)).toEqual({ error: expect.stringContaining('a relative path is not taken') });
  });

  it('passes on what is wrong with the URI, naming the flag', () => {
    expect(readRootArgument('https://example.com', toFileUri)).toEqual({ error: expect.stringMatching(/^--root: .*only file:\/\//) });
  });
});

describe('buildListRootsResult', () => {
  it('keeps the name only when there is one', () => {
    expect(buildListRootsResult([{ uri: 'file:///a', name: 'a' }, { uri: 'file:///b' }])).toEqual({
      roots: [{ uri: 'file:///a', name: 'a' }, { uri: 'file:///b' }],
    });
  });
});
