// s3rver in a process of its own, started by tests/support/s3rver.ts. Its own process because
// s3rver 3.7.1 makes ListObjectsV2 continuation tokens with DES, which Node 17+ (OpenSSL 3) only
// offers with --openssl-legacy-provider, a flag that cannot be turned on inside a running worker.
import S3rver from "s3rver";

const [directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  directory,
  silent: true,
  // S3 answers virtual-host requests by the Host header; the tests address buckets by path only
  vhostBuckets: false,
  configureBuckets: buckets.map((name) => ({ name })),
});
const { port } = await server.run();
// every request line goes to the parent, which asks for them with "sync" (IPC keeps the order)
server.httpServer.on("request", (req) => process.send({ request: `${req.method} ${req.url}` }));
process.on("message", (message) => {
  if (message === "sync") process.send({ synced: true });
});
process.send({ port });
// the test that started us went away (or closed us): stop
process.on("disconnect", () => {
  // a response body a test left unread would otherwise keep close() waiting
  server.httpServer.closeAllConnections();
  server.close().finally(() => process.exit(0));
});
