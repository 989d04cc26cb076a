// Mail that would have gone out over SMTP. On an instance without SMTP settings this is where the
// site admin finds invitation links to pass on.
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Inbox } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/admin/outbox")({
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.ensureQueryData(trpc.admin.getMailOutbox.queryOptions()),
  head: () => seo({ title: "Mail outbox · Portico", noindex: true }),
  component: MailOutbox,
});

function MailOutbox() {
  const { trpc } = Route.useRouteContext();
  const { data } = useSuspenseQuery(trpc.admin.getMailOutbox.queryOptions());
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Mail outbox"
        description={
          data.usesOutbox
            ? "SMTP is not configured (SMTP_URL), so outgoing mail is kept here instead of being sent."
            : "SMTP is configured: mail is sent. Mail kept before SMTP was set up is listed here."
        }
      />
      {data.emails.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No mail yet"
          description="Invitations appear here once someone invites a member."
        />
      ) : (
        <div className="flex flex-col gap-3" data-testid="outbox">
          {data.emails.map((mail) => (
            <Card key={mail.id}>
              <CardHeader>
                <CardTitle className="text-base">{mail.subject}</CardTitle>
                <CardDescription>
                  To {mail.to} · {new Date(mail.createdAt).toLocaleString()}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <pre className="whitespace-pre-wrap break-words font-sans text-sm">{linkify(mail.text)}</pre>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

/** Makes the links in a plain-text mail clickable. */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, never reordered
      <a key={index} href={part} className="text-primary underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
