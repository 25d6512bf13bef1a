import { Link } from "@remix-run/react";
import { Button, Flex, Heading, Text } from "~/components/ui";
import { DataTable } from "~/components/data-table";

export type FaqRow = { id: number; question: string };

/** The FAQ list under Edit Category (spec 1 §2.7): numbered questions linking to their editor. */
export function FaqSection({ categoryId, faqs, error }: { categoryId: number; faqs: FaqRow[]; error: string | null }) {
  return (
    <section className="panel" aria-labelledby="faqs-heading" style={{ marginTop: "var(--space-5)" }}>
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="5" id="faqs-heading">
          FAQs
        </Heading>
        <Button asChild>
          <Link to={`/admin/edit-categories/${categoryId}/add-faq`}>Add FAQ</Link>
        </Button>
      </Flex>
      {error ? (
        <div role="alert" className="form-error">
          {error}
        </div>
      ) : (
        <DataTable
          caption="FAQs of this category"
          rows={faqs}
          rowKey={(faq) => faq.id}
          emptyMessage="No FAQs yet"
          emptyHint="Use Add FAQ to write the first one."
          columns={[
            { key: "n", header: "#", width: "3rem", cell: (_faq, index) => <Text color="gray">{index + 1}</Text> },
            {
              key: "question",
              header: "Question",
              cell: (faq) => <Link to={`/admin/edit-categories/${categoryId}/edit-faq/${faq.id}`}>{faq.question}</Link>,
            },
          ]}
        />
      )}
    </section>
  );
}
