import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { SCENARIOS } from '../src/content/scenarios.ts';
import { formatMermaid } from '../src/export/format-mermaid.ts';
import { TraceSchema } from '../src/trace/trace.ts';
import { createScenarioRun } from '../tests/helpers/create-mock-run.ts';
import { readMermaidSequence } from '../tests/helpers/read-mermaid-sequence.ts';
import { runTraceCli } from '../tests/helpers/run-trace-cli.ts';
import { countHostileCarriers, HOSTILE_QUESTION_SHOWN, HOSTILE_TOOL, HOSTILE_TOOL_SHOWN, makeHostile } from './export-hostile-trace.ts';
import { readWithMermaid, startMermaidReader, type MermaidReading } from './export-mermaid-reader.ts';
import { stepUntil } from './helpers.ts';

/**
 * The Mermaid export read by Mermaid itself (mermaid 12's parse and render in Chromium),
 * for every built-in scenario with hostile names in it: statement ends, entity starts, an
 * arrow, a directive, a line break and markup. Each must come out as the text it was,
 * in the message it belongs to, with the diagram's count of messages unchanged.
 */

/** Mermaid drew exactly the statements the export wrote, each label as its decoded text, and nothing but text. */
async function expectReadAsWritten({ page, text, messages }: { page: Page; text: string; messages?: number }): Promise<MermaidReading> {
  // Mermaid first, so a broken label fails on Mermaid's verdict, not only on our own strict reader's.
  const reading = await readWithMermaid(page, text);
  const statements = readMermaidSequence(text);
  expect(reading.diagramType).toBe('sequence');
  const written = statements.flatMap((statement) => (statement.type === 'message' ? [statement.label] : []));
  if (messages !== undefined) expect(written).toHaveLength(messages);
  expect(reading.messages).toEqual(written);
  expect(reading.notes).toEqual(statements.flatMap((statement) => (statement.type === 'note' ? [statement.label] : [])));
  expect(reading.actors).toEqual(statements.flatMap((statement) => (statement.type === 'participant' ? [statement.label] : [])));
  expect([reading.scripts, reading.foreign, reading.handlers]).toEqual([0, 0, []]);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  return reading;
}

let reader: Awaited<ReturnType<typeof startMermaidReader>>;
test.beforeAll(async () => {
  reader = await startMermaidReader();
});
test.afterAll(async () => reader.close());

async function openReader(page: Page): Promise<void> {
  await page.goto(reader.url);
  await page.waitForFunction(() => 'mermaid' in window);
}

// authorization needs the sandbox's consent answered: the CLI test below runs it, with its auto-approve.
const IN_PROCESS = SCENARIOS.filter((scenario) => scenario.id !== 'authorization');

test('every built-in scenario with hostile names: Mermaid parses and draws each message as the text it was', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await openReader(page);
  for (const scenario of IN_PROCESS) {
    await test.step(scenario.id, async () => {
      const trace = makeHostile(await createScenarioRun({ serverUrl: baseURL!, scenarioId: scenario.id }).start());
      const { result } = formatMermaid({ trace });
      const reading = await expectReadAsWritten({ page, text: result, messages: trace.steps.filter((step) => step.from !== step.to).length });
      // Every message that carries the hostile name shows it whole (a refusal has no tool call and no answer).
      expect(
        reading.messages.filter((message) => message.includes(HOSTILE_TOOL_SHOWN)),
        scenario.id,
      ).toHaveLength(countHostileCarriers(trace));
      expect(
        reading.messages.filter((message) => message.includes(HOSTILE_QUESTION_SHOWN)),
        scenario.id,
      ).toHaveLength(1);
    });
  }
});

test("the CLI's --mermaid, a hostile question and the authorization scenario: Mermaid reads what it printed", async ({ page }) => {
  test.setTimeout(180_000);
  await openReader(page);
  const hostile = await runTraceCli(['--mermaid', `${HOSTILE_TOOL} What is 5 plus 7?`]);
  expect(hostile.code, hostile.stderr).toBe(0);
  const reading = await expectReadAsWritten({ page, text: hostile.stdout });
  expect(reading.messages.some((message) => message.includes(HOSTILE_TOOL_SHOWN))).toBe(true);
  const authorization = await runTraceCli(['--mermaid', '--scenario', 'authorization']);
  expect(authorization.code, authorization.stderr).toBe(0);
  await expectReadAsWritten({ page, text: authorization.stdout });
});

test("the page's Mermaid download, of a run and of an imported hostile trace: Mermaid reads both", async ({ page, browser }, testInfo) => {
  const viewer = await browser.newPage();
  await openReader(viewer);
  const download = async () => {
    await page.getByRole('button', { name: 'Export as…' }).click();
    const saved = page.waitForEvent('download');
    await page
      .getByTestId('export-menu')
      .getByRole('button', { name: /^Mermaid/ })
      .click();
    const file = testInfo.outputPath((await saved).suggestedFilename());
    await (await saved).saveAs(file);
    return readFile(file, 'utf8');
  };
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.answer');
  const run = await expectReadAsWritten({ page: viewer, text: await download() });
  expect(run.messages).toContain('12 tools/call add_numbers');

  const traceDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export trace' }).click();
  const traceFile = testInfo.outputPath('run.json');
  await (await traceDownload).saveAs(traceFile);
  const hostileFile = testInfo.outputPath('hostile-run.json');
  await writeFile(hostileFile, JSON.stringify(makeHostile(TraceSchema.parse(JSON.parse(await readFile(traceFile, 'utf8'))))));
  await page.goto('/');
  await page.getByTestId('import-trace-input').setInputFiles(hostileFile);
  await expect(page.getByTestId('replay-banner')).toBeVisible();
  const hostile = await expectReadAsWritten({ page: viewer, text: await download() });
  expect(hostile.messages.some((message) => message.startsWith(`12 tools/call ${HOSTILE_TOOL_SHOWN}`))).toBe(true);
  await viewer.close();
});
