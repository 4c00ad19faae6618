import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { afterReads } from './after-reads';

describe('afterReads', () => {
  it('resolves every caller of a turn together, in the order they called', async () => {
    const log: string[] = [];
    const calls = ['a', 'b', 'c'].map((name) => afterReads().then(() => log.push(name)));
    setImmediate(() => log.push('next check callback'));
    await Promise.all(calls);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a', 'b', 'c', 'next check callback']);
  });

  it('starts a new turn for callers after a release', async () => {
    await afterReads();
    const log: string[] = [];
    await Promise.all([afterReads().then(() => log.push('first')), afterReads().then(() => log.push('second'))]);
    await afterReads();
    expect(log).toEqual(['first', 'second']);
  });

  it('resolves after every socket read in the same poll phase', async () => {
    const log: string[] = [];
    const server = net.createServer((socket) => {
      socket.once('data', (data) => {
        const name = data.toString();
        log.push(`read ${name}`);
        void afterReads().then(() => {
          log.push(`handled ${name}`);
          socket.end();
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const connect = () => new Promise<net.Socket>((resolve) => { const socket = net.connect(port, '127.0.0.1', () => resolve(socket)); });
    const [one, two] = await Promise.all([connect(), connect()]);
    // Both accepted before anything is written (the server's connection events come first).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = [one, two].map((socket) => new Promise((resolve) => socket.on('close', resolve)));
    one!.write('1');
    two!.write('2');
    await Promise.all(closed);
    server.close();
    expect(log).toEqual(['read 1', 'read 2', 'handled 1', 'handled 2']);
  });
});
