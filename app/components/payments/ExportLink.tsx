import { useEffect, useRef, useState } from "react";
import { Button, Text } from "~/components/ui";

const COOKIE = "ops_export";

function cookieValue(name: string) {
  return document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * "Export to Excel": a plain link to the export resource route (works without JavaScript; a
 * failure comes back as a redirect with the "Failed to export data" toast). With JavaScript the
 * link carries a token the download answers with a cookie, so the page can say it started.
 */
export function ExportLink({ href }: { href: string }) {
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>();
  useEffect(() => () => clearInterval(timer.current), []);

  return (
    <div
      style={{ display: "flex", alignItems: "center", gap: "var(--space-3)" }}
    >
      {done ? (
        <Text size="2" color="green" role="status">
          Export successful
        </Text>
      ) : null}
      <Button asChild>
        <a
          href={href}
          onClick={(event) => {
            const token = Math.random().toString(36).slice(2, 12);
            const url = new URL(event.currentTarget.href, window.location.href);
            url.searchParams.set("token", token);
            event.currentTarget.href = url.pathname + url.search;
            setDone(false);
            clearInterval(timer.current);
            const started = Date.now();
            timer.current = setInterval(() => {
              if (cookieValue(COOKIE) === token) {
                document.cookie = `${COOKIE}=; Path=/admin/order-payment-status; Max-Age=0`;
                clearInterval(timer.current);
                setDone(true);
              } else if (Date.now() - started > 60_000)
                clearInterval(timer.current);
            }, 250);
          }}
        >
          Export to Excel
        </a>
      </Button>
    </div>
  );
}
