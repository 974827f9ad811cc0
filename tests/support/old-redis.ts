import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface OldRedis {
  url: string;
  close(): Promise<void>;
}

/**
 * A server that speaks just enough RESP to pass ioredis's ready check and answers INFO as a Redis 4: BullMQ refuses
 * versions below 5 during its one-time connection set-up, the one failure a worker cannot get over by retrying
 * (the same happens when Redis drops between its first `ready` and that set-up).
 */
export async function startOldRedis(): Promise<OldRedis> {
  const info = '# Server\r\nredis_version:4.0.14\r\nloading:0\r\nmaxmemory_policy:noeviction\r\n';
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.on('data', (data) => {
      // One answer per command in the chunk (each RESP command is an array, starting with '*').
      for (const command of data.toString('latin1').split('*').slice(1)) {
        socket.write(/\binfo\b/i.test(command) ? `$${Buffer.byteLength(info)}\r\n${info}\r\n` : '+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
