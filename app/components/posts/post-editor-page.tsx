import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge, Flex, Heading, Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { POST_STATUS_LABELS, type PostDraft, type PostEditorData, type PostImageResult } from "~/models/post-labels";
import { ImageUpload } from "./image-upload";
import { PostForm } from "./post-form";

type Answer = (FormFailure<PostDraft> & { intent?: string }) | PostImageResult;

/** A post as readers will see it: title, meta description, tags and the sanitised content. */
function PostPreview({ preview }: { preview: NonNullable<PostEditorData["post"]>["preview"] }) {
  return (
    <section className="panel" aria-labelledby="post-preview-heading" style={{ marginTop: "var(--space-5)" }}>
      <Heading as="h2" size="4" id="post-preview-heading" mb="3">
        Preview (as saved)
      </Heading>
      <article className="post-preview">
        <Heading as="h3" size="6">
          {preview.title}
        </Heading>
        {preview.description ? (
          <Text as="p" size="2" color="gray">
            {preview.description}
          </Text>
        ) : null}
        {preview.tags.length ? (
          <Flex gap="1" wrap="wrap" mb="3" role="group" aria-label="Post tags">
            {preview.tags.map((tag) => (
              <Badge key={tag} color="gray">
                {tag}
              </Badge>
            ))}
          </Flex>
        ) : null}
        <div className="post-preview-content" dangerouslySetInnerHTML={{ __html: preview.html }} />
      </article>
      <style dangerouslySetInnerHTML={{ __html: ".post-preview-content img { max-width: 100%; height: auto; }" }} />
    </section>
  );
}

export function PostEditorPage() {
  const { post, defaults, deleting } = useLoaderData<PostEditorData>();
  const answer = useActionData<Answer>();
  const location = useLocation();
  const saveFailure = answer && answer.intent !== "upload" ? (answer as FormFailure<PostDraft>) : null;
  const uploaded = answer && answer.intent === "upload" ? (answer as PostImageResult) : null;
  // a refused save refills what was posted (a field the post left out keeps the loaded value)
  const values = saveFailure ? { ...defaults, ...saveFailure.repopulateFields } : (uploaded?.draft ?? defaults);
  const here = post ? `/admin/posts/post?post=${post.id}` : "/admin/posts/post";
  return (
    <>
      <section className="panel">
        <Text size="2">
          <Link to="/admin/posts">← Posts</Link>
        </Text>
        <Heading as="h1" size="6" mt="2">
          {post ? "Edit Post" : "Add Post"}
        </Heading>
        {post ? (
          <Text as="p" size="2" color="gray" mt="1" mb="4">
            {POST_STATUS_LABELS[post.status]}
            {post.publishedText ? ` (first published ${post.publishedText})` : ""} · /{post.slug} · created {post.createdText} · last
            updated {post.updatedText} · <AllChangesLink entity="blog_article" id={post.id} />
          </Text>
        ) : (
          <Text as="p" size="2" color="gray" mt="1" mb="4">
            A new post is a draft until you choose Publish.
          </Text>
        )}
        <PostForm
          key={`${location.search}|${defaults.updated_at}|${uploaded?.draft ? "upload" : ""}`}
          values={values}
          failure={saveFailure}
          edit={Boolean(post)}
          deleteHref={post ? `${here}&dialog=delete` : undefined}
        />
      </section>
      <ImageUpload action={here} posted={uploaded} />
      {post ? <PostPreview preview={post.preview} /> : null}
      {post ? (
        <ConfirmDialog
          open={deleting}
          title="Delete this post?"
          cancelTo={here}
          intent="delete"
          fields={{ id: post.id }}
          confirmLabel="Yes, delete it!"
        >
          <Text as="p" size="2" style={{ margin: 0 }}>
            &ldquo;{post.title}&rdquo; and its comments will be deleted. You won&apos;t be able to revert this!
          </Text>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
