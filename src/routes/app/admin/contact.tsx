// Messages from the public contact form, newest first. When SMTP is configured the admins in
// ADMIN_EMAILS also get each one by mail; this page is the complete record either way.
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { MailIcon, MessageSquareTextIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { type ContactTopic, contactTopicLabels } from "~/lib/contact-topics.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/admin/contact")({
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.ensureQueryData(trpc.contact.listMessages.queryOptions()),
  head: () => seo({ title: "Contact messages", noindex: true }),
  staticData: { crumb: "Contact messages" },
  component: ContactMessages,
});

const topicLabel = (topic: string) => contactTopicLabels[topic as ContactTopic] ?? topic;

function ContactMessages() {
  const { trpc } = Route.useRouteContext();
  const { data: messages } = useSuspenseQuery(trpc.contact.listMessages.queryOptions());
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Contact messages"
        description="What visitors sent through the contact form on the public site, newest first."
      />
      {messages.length === 0 ? (
        <EmptyState
          icon={MessageSquareTextIcon}
          title="No messages yet"
          description="Messages sent from the contact page appear here. Share the link where your customers look for help."
          action={
            <Button asChild variant="outline">
              <a href="/contact">Open the contact page</a>
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="contact-messages">
          {messages.map((message) => (
            <li key={message.id}>
              <Card>
                <CardHeader>
                  <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                    {message.name}
                    {message.company ? (
                      <span className="font-normal text-muted-foreground">· {message.company}</span>
                    ) : null}
                    <Badge variant="secondary">{topicLabel(message.topic)}</Badge>
                  </CardTitle>
                  <CardDescription className="flex flex-wrap items-center gap-x-3">
                    <time dateTime={new Date(message.createdAt).toISOString()}>
                      {new Date(message.createdAt).toLocaleString()}
                    </time>
                    {message.userId ? <span>signed-in user</span> : null}
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <p className="text-sm whitespace-pre-wrap break-words">{message.message}</p>
                  <Button asChild variant="outline" size="sm" className="w-fit">
                    <a
                      href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${topicLabel(message.topic)}`)}`}
                    >
                      <MailIcon aria-hidden="true" /> Reply to {message.email}
                    </a>
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
