// The chat socket under load: every bench user opens two sockets (a "sender" tab and a "listener"
// tab). First the fan-out latency with all of them connected, at a steady LATENCY_RATE messages a
// second: send -> the same message pushed to the user's other socket (committed, published on the
// bus, pushed), and send -> ack. Then the throughput: every user sends SENDS_PER_USER messages back
// to back. Reported like the HTTP scenarios: "req/s" is messages per second.

const SENDS_PER_USER = 5;
/** Messages a second of the latency phase. */
const LATENCY_RATE = 100;
const OPEN_BATCH = 50;

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

function open(url) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('no welcome within 30 s')), 30_000);
    socket.addEventListener('message', function first(event) {
      if (JSON.parse(String(event.data)).type !== 'welcome') return;
      socket.removeEventListener('message', first);
      clearTimeout(timer);
      resolve(socket);
    });
    socket.addEventListener('error', () => reject(new Error('socket error')));
  });
}

/** Latency and throughput rows of the chat socket (the table's "req/s" is messages per second). */
export async function measureChat({ chatUrl, users, log }) {
  const run = Date.now().toString(36);
  const sentAt = new Map();
  const fanout = [];
  const acks = [];
  let errors = 0;
  const pairs = [];
  const opening = performance.now();
  for (let index = 0; index < users.length; index += OPEN_BATCH) {
    const batch = users.slice(index, index + OPEN_BATCH);
    pairs.push(
      ...(await Promise.all(
        batch.map(async (user) => {
          const url = `${chatUrl}?token=${encodeURIComponent(user.token)}`;
          const [sender, listener] = await Promise.all([open(url), open(url)]);
          return { sender, listener, onAck: undefined };
        }),
      )),
    );
  }
  log(`chat: ${pairs.length * 2} sockets open in ${Math.round(performance.now() - opening)} ms`);
  for (const pair of pairs) {
    pair.listener.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type !== 'message') return;
      const at = sentAt.get(decodeURIComponent(frame.message.content));
      if (at !== undefined) fanout.push(performance.now() - at);
    });
    pair.sender.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === 'ack') acks.push(performance.now() - (sentAt.get(frame.clientId) ?? performance.now()));
      else if (frame.type === 'error') errors += 1;
      else return;
      pair.onAck?.();
    });
  }
  const send = (pair, key) => {
    sentAt.set(key, performance.now());
    pair.sender.send(JSON.stringify({ type: 'send', clientId: key, content: key }));
  };
  const settle = async (expected) => {
    const deadline = Date.now() + 10_000;
    while (fanout.length + errors < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const summary = (name, elapsedMs, expected) => {
    const fan = [...fanout].sort((a, b) => a - b);
    const ack = [...acks].sort((a, b) => a - b);
    const row = {
      name,
      requestsPerSecond: Math.round((acks.length / elapsedMs) * 1000),
      p50: percentile(fan, 50),
      p99: percentile(fan, 99),
      ackP50: percentile(ack, 50),
      ackP99: percentile(ack, 99),
      errors: expected - fanout.length,
      total: expected,
      delivered: fanout.length,
    };
    log(`${row.name}: ${row.requestsPerSecond} msg/s, fan-out p50 ${row.p50} ms p99 ${row.p99} ms, ack p99 ${row.ackP99} ms, delivered ${row.delivered}/${expected}, errors ${row.errors}`);
    return row;
  };

  // 1. latency: every buyer's sockets open, one message every 1000/RATE ms (open loop), each from another buyer
  const latencyStart = performance.now();
  for (let index = 0; index < pairs.length; index += 1) {
    send(pairs[index], `bench ${run} latency ${index}`);
    await new Promise((resolve) => setTimeout(resolve, 1000 / LATENCY_RATE));
  }
  await settle(pairs.length);
  const latency = summary(`chat socket fan-out: ${pairs.length * 2} sockets open, ${LATENCY_RATE} msg/s (p50/p99: send -> pushed to the buyer's other socket)`, performance.now() - latencyStart, pairs.length);

  // 2. throughput: every buyer sends SENDS_PER_USER messages back to back (closed loop)
  fanout.length = 0;
  acks.length = 0;
  errors = 0;
  const started = performance.now();
  await Promise.all(
    pairs.map(
      (pair, userIndex) =>
        new Promise((resolve) => {
          let sent = 0;
          pair.onAck = () => {
            if (sent === SENDS_PER_USER) return resolve();
            send(pair, `bench ${run} load ${userIndex} ${sent}`);
            sent += 1;
          };
          pair.onAck();
        }),
    ),
  );
  const elapsedMs = performance.now() - started;
  await settle(pairs.length * SENDS_PER_USER);
  const throughput = summary(`chat socket throughput: ${pairs.length} buyers sending ${SENDS_PER_USER} messages back to back (msg/s; p50/p99 include queueing)`, elapsedMs, pairs.length * SENDS_PER_USER);
  for (const { sender, listener } of pairs) {
    sender.close();
    listener.close();
  }
  return [latency, throughput];
}
