import type { FastifyServerOptions } from 'fastify';

type LogLine = {
  level?: number;
  reqId?: string;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
};

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * pino JSON lines → short readable lines: a request is one line when its answer has gone
 * (`12:04:05 GET /api/trips 200 4 ms`; Fastify's "incoming request" line only lends it the method
 * and URL), other lines their time and message, errors with their stack.
 */
export function createLogFormatter(): (json: string) => string {
  const pending = new Map<string, string>();
  return (json) => {
    let line: LogLine;
    try {
      line = JSON.parse(json) as LogLine;
    } catch {
      return json.endsWith('\n') ? json : `${json}\n`;
    }
    if (line.req && !line.res && line.reqId) {
      pending.set(line.reqId, `${line.req.method} ${line.req.url}`);
      return '';
    }
    const time = new Date(line.time ?? Date.now()).toTimeString().slice(0, 8);
    const level = (line.level ?? 30) >= 40 ? ` ${LEVELS[line.level ?? 30]?.toUpperCase()}` : '';
    if (line.res) {
      const request = (line.reqId && pending.get(line.reqId)) || (line.req ? `${line.req.method} ${line.req.url}` : '?');
      if (line.reqId) pending.delete(line.reqId);
      const ms = line.responseTime === undefined ? '' : ` ${Math.round(line.responseTime)} ms`;
      return `${time}${level} ${request} ${line.res.statusCode}${ms}\n`;
    }
    const error = line.err ? `\n${line.err.stack ?? `${line.err.type}: ${line.err.message}`}` : '';
    return `${time}${level} ${line.msg ?? ''}${error}\n`;
  };
}

/**
 * Fastify's logger for `npm start`: LOG_LEVEL (default info; silent turns it off). In production
 * (NODE_ENV=production) the JSON lines as they are; otherwise one readable line per request, written
 * when the answer has gone, so the start URL does not scroll away.
 */
export function loggerOptions(
  env: NodeJS.ProcessEnv = process.env,
  out: Pick<NodeJS.WriteStream, 'write'> = process.stdout,
): FastifyServerOptions['logger'] {
  const level = env.LOG_LEVEL ?? 'info';
  if (level === 'silent') return false;
  if (env.NODE_ENV === 'production') return { level };
  const format = createLogFormatter();
  return {
    level,
    stream: {
      write: (json: string) => {
        const text = format(json);
        if (text) out.write(text);
      },
    },
  };
}
