/**
 * A local SMTP server (smtp-server) on 127.0.0.1, any free port, keeping every message that arrives:
 * the outbox tests', the scale suite's and the scale bench's mail server.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ArrivedMail = { from: string; to: string[]; subject: string; raw: string };

export type LocalSmtp = {
  url: string;
  arrived: ArrivedMail[];
  /**
   * holdMs: each DATA reply waits this long (a slow mail server); rejectSubject: messages whose
   * subject matches are refused with 550 (a mailbox that bounces); dataStarted: messages begun.
   */
  state: { holdMs: number; rejectSubject: RegExp | null; dataStarted: number };
  /** copies received per recipient address (lower case) */
  copiesPerRecipient(): Map<string, number>;
  close(): Promise<void>;
};

export async function startSmtp(): Promise<LocalSmtp> {
  const arrived: ArrivedMail[] = [];
  const state: LocalSmtp["state"] = { holdMs: 0, rejectSubject: null, dataStarted: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      state.dataStarted++;
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
        if (state.rejectSubject?.test(subject)) {
          return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
        }
        // counted as arrived when the whole message is here, before the reply: a sender killed
        // while waiting for the reply has still delivered it
        arrived.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject,
          raw,
        });
        if (state.holdMs > 0) setTimeout(() => callback(), state.holdMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    state,
    copiesPerRecipient() {
      const copies = new Map<string, number>();
      for (const mail of arrived) for (const to of mail.to) copies.set(to.toLowerCase(), (copies.get(to.toLowerCase()) ?? 0) + 1);
      return copies;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
