import type { ReactNode } from "react";
import { Link, useLoaderData } from "@remix-run/react";
import { Button, Heading, Text } from "~/components/ui";
import { CategoryList } from "./category-table";
import type { ChildrenPageData } from "~/models/categories";

/** The page header's round "+" button: a link labelled for screen readers and on hover. */
export function AddButton({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild size="3" aria-label={label} title={label}>
      <Link to={to}>
        <span aria-hidden="true" style={{ fontSize: "1.4em", lineHeight: 1 }}>
          +
        </span>
      </Link>
    </Button>
  );
}

/**
 * The body of the Sub Categories and Sub-Sub Categories pages (spec 1 §2.8): the way back, the
 * parent's name with what is listed under it, the add button, and the list.
 */
export function ChildrenPage({
  level,
  back,
  subtitle,
  addLabel,
  emptyHint,
}: {
  level: "sub" | "subsub";
  back: ReactNode;
  subtitle: string;
  addLabel: string;
  emptyHint: string;
}) {
  const { category, rows, total, page, pageSize, pageSizes, sort, sortError, dialog } = useLoaderData<ChildrenPageData>();
  return (
    <>
      {back}
      <div className="page-header">
        <div>
          <Heading as="h1" size="6">
            {category.name}
          </Heading>
          <Text size="2" color="gray">
            {subtitle}
          </Text>
        </div>
        <AddButton to={`/admin/add-subcategories/${category.id}`} label={addLabel} />
      </div>
      <CategoryList
        level={level}
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        pageSizes={pageSizes}
        sort={sort}
        sortError={sortError}
        dialog={dialog}
        emptyHint={emptyHint}
      />
    </>
  );
}
