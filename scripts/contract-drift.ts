/**
 * npm run contract:drift -- <report.json> [more.json…]
 *
 * Turns a saved drift report (GET /__mock/drift of a server in proxy mode, or
 * `npm run contract:check -- --har <dir> --json`) into a Markdown table for a release check.
 * Exit code 1 when the report holds a mismatch, 2 when a file is not a drift report.
 */
import { readFileSync } from 'node:fs';
import { reportToMarkdown, type DriftReportJson } from '../apps/mock-api/src/proxy/drift-report';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  console.error('usage: npm run contract:drift -- <report.json> (curl -s http://localhost:3000/__mock/drift > report.json)');
  process.exit(2);
}
let mismatched = 0;
for (const file of files) {
  let report: DriftReportJson;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as DriftReportJson;
    if (!Array.isArray(report.entries) || typeof report.calls !== 'number') throw new Error('no entries or calls: not a drift report');
  } catch (error) {
    console.error(`contract:drift ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
  console.log(reportToMarkdown(report));
  mismatched += report.mismatchedCalls;
}
process.exitCode = mismatched > 0 ? 1 : 0;
