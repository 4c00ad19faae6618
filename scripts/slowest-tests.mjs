// Prints the ten slowest unit/API tests (vitest JSON reports) and the ten slowest journeys
// (Playwright's JSON report) of an `npm test` run. Usage: node scripts/slowest-tests.mjs <reports dir>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const tests = [];
const journeys = [];

for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (file === 'e2e.json') collectJourneys(report.suites ?? [], []);
  else
    for (const result of report.testResults ?? [])
      for (const test of result.assertionResults ?? [])
        tests.push({ ms: test.duration ?? 0, name: `${path.basename(file, '.json')} ${path.relative(process.cwd(), result.name)} › ${test.fullName}` });
}

function collectJourneys(suites, titles) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        journeys.push({ ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0), name: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}` });
    collectJourneys(suite.suites ?? [], suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  }
}

function print(title, rows) {
  if (rows.length === 0) return;
  console.log(`\n=== ${title} ===`);
  for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`${(row.ms / 1000).toFixed(1).padStart(6)} s  ${row.name}`);
}

print(`ten slowest of ${tests.length} unit and API tests`, tests);
print(`ten slowest of ${journeys.length} journeys`, journeys);
if (!existsSync(path.join(dir, 'e2e.json'))) console.log('\n(no journey report)');
