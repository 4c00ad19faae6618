import { DriftReport, type DriftReportJson } from './drift-report';
import { harEntryToExchange, harFiles, readHar } from './har';

/**
 * `npm run contract:check -- --har <dir or file>`: every exchange of the recordings checked against
 * the contract, with the proxy's own check (checker.ts), into the same report as the drift page.
 */
export function checkRecordings(target: string): DriftReportJson & { files: string[] } {
  const report = new DriftReport('har');
  const files = harFiles(target);
  let since: string | undefined;
  for (const file of files) {
    for (const entry of readHar(file).log.entries) {
      if (!since || entry.startedDateTime < since) since = entry.startedDateTime;
      report.record(harEntryToExchange(entry), entry.time);
    }
  }
  if (since) report.startAt(since);
  return { ...report.toJSON(), files };
}
