import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button, Flex, Heading, Text } from "~/components/ui";
import {
  CLICKWRAP_LIST_PATH,
  clickwrapEditPath,
  type ClickwrapCompareData,
  type ClickwrapOption,
  type DiffRun,
} from "~/models/clickwrap-labels";

function VersionSelect({ name, label, value, options }: { name: string; label: string; value: number | null; options: ClickwrapOption[] }) {
  const id = `compare-${name}`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <select id={id} name={name} className="native-input" defaultValue={value ?? ""}>
        {value === null ? <option value="">Choose a version</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </Flex>
  );
}

function Runs({ runs }: { runs: DiffRun[] }) {
  return (
    <>
      {runs.map((run, i) =>
        run.change === "removed" ? (
          <del key={i} className="diff-removed">
            {run.text}
          </del>
        ) : run.change === "added" ? (
          <ins key={i} className="diff-added">
            {run.text}
          </ins>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}

/** Two terms versions side by side: removed words struck out on the left, added ones on the right. */
export function ClickwrapComparePage() {
  const { options, a, b, left, right, lines, message, total } = useLoaderData<ClickwrapCompareData>();
  const changed = lines.filter((l) => l.changed).length;
  return (
    <section className="panel">
      <Text size="2">
        <Link to={CLICKWRAP_LIST_PATH}>← Terms and Conditions</Link>
      </Text>
      <Heading as="h1" size="6" mt="2" mb="4">
        Compare versions
      </Heading>
      <Form method="get" action={`${CLICKWRAP_LIST_PATH}/compare`} key={`${a}-${b}`}>
        <Flex gap="3" wrap="wrap" align="end" mb="4">
          <VersionSelect name="a" label="Compare" value={a} options={options} />
          <VersionSelect name="b" label="With" value={b} options={options} />
          <Button type="submit">Compare</Button>
        </Flex>
      </Form>
      {total > options.length ? (
        <Text as="p" size="1" color="gray">
          The lists hold the newest {options.length} of {total} versions.
        </Text>
      ) : null}
      {message ? (
        <Text as="p" size="2" role="status">
          {message}
        </Text>
      ) : null}
      {left && right && lines.length > 0 ? (
        <>
          <Text as="p" size="2" color="gray" role="status">
            {changed === 0 ? "No paragraph changed." : `${changed} paragraph${changed === 1 ? "" : "s"} changed.`}
          </Text>
          <div className="diff-table-wrap">
            <table className="diff-table">
              <caption className="visually-hidden">
                Version {left.version} beside version {right.version}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Link to={clickwrapEditPath(left.id)}>Version {left.version}</Link>
                  </th>
                  <th scope="col">
                    <Link to={clickwrapEditPath(right.id)}>Version {right.version}</Link>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, i) => (
                  <tr key={i} className={line.changed ? "diff-changed" : undefined}>
                    <td>{line.left ? <Runs runs={line.left} /> : null}</td>
                    <td>{line.right ? <Runs runs={line.right} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <style dangerouslySetInnerHTML={{ __html: DIFF_CSS }} />
    </section>
  );
}

const DIFF_CSS = `
.diff-table-wrap { overflow-x: auto; }
.diff-table { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: var(--font-size-2); line-height: var(--line-height-3); }
.diff-table th { text-align: left; padding: var(--space-2); border-bottom: 1px solid var(--gray-a6); }
.diff-table td { vertical-align: top; padding: var(--space-2); border-bottom: 1px solid var(--gray-a4); overflow-wrap: anywhere; }
.diff-table tr.diff-changed td { background: var(--gray-a2); }
.diff-removed { background: var(--red-a4); color: var(--red-12); text-decoration: line-through; }
.diff-added { background: var(--green-a4); color: var(--green-12); text-decoration: none; }
`;
