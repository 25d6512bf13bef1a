/** The provider pages' error page: in a provider's words, never the error's own text, and no admin links. */
export function ProviderErrorPage({ status, retryHref }: { status: number; retryHref: string }) {
  const title =
    status === 404
      ? "Page not found"
      : status === 403
        ? "Not available"
        : status === 503
          ? "The marketplace is not answering"
          : "Something went wrong";
  const text =
    status === 404
      ? "There is no page at this address."
      : status === 403
        ? "This page is not available to your account."
        : status === 503
          ? "The marketplace is not answering right now. Nothing was changed; please try again in a moment."
          : "The page could not be shown. Please try again in a moment.";
  return (
    <main className="standalone-page">
      <div className="standalone-card" role={status >= 500 ? "alert" : undefined}>
        <h1 className="standalone-title">{title}</h1>
        <p className="standalone-text">{text}</p>
        <p className="standalone-text">
          <a href={retryHref}>Try again</a> · <a href="/provider">Go to your profile</a>
        </p>
      </div>
    </main>
  );
}
