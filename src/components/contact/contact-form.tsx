// The public contact form: inline validation with the same rules as the server, a honeypot field that
// people never see, a toast and a thank-you panel on success.
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CheckCircle2Icon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { type FieldErrors, submitForm } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { inputClasses } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { cn } from "~/lib/cn.ts";
import {
  CONTACT_MESSAGE_MAX,
  type ContactTopic,
  contactMessageInput,
  contactTopicLabels,
  contactTopics,
} from "~/lib/contact.ts";
import { useTRPC } from "~/lib/trpc.ts";

interface ContactFormProps {
  defaultTopic?: ContactTopic;
  defaultName?: string;
  defaultEmail?: string;
}

export function ContactForm({ defaultTopic, defaultName = "", defaultEmail = "" }: ContactFormProps) {
  const trpc = useTRPC();
  const submit = useMutation(trpc.contact.submit.mutationOptions());
  const [values, setValues] = useState({
    name: defaultName,
    email: defaultEmail,
    company: "",
    topic: (defaultTopic ?? "") as ContactTopic | "",
    message: "",
    website: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);
  const update = (field: keyof typeof values, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    update(field, event.target.value);
  const form = { values, errors, update };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, topic: values.topic as ContactTopic };
    const ok = await submitForm({
      schema: contactMessageInput,
      values: input,
      setErrors,
      save: () => submit.mutateAsync(input),
      success: "Thanks — your message is on its way to our team.",
    });
    if (ok) setSent(true);
  };

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
        <CheckCircle2Icon className="size-6 text-success" aria-hidden="true" />
        <h2 className="text-lg font-semibold">Message sent</h2>
        <p className="text-sm text-muted-foreground">
          We read every message and answer by email, usually within one business day.
        </p>
        <Button
          variant="outline"
          onClick={() => {
            setValues((current) => ({ ...current, message: "" }));
            setSent(false);
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  const pending = submit.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border bg-card p-6"
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <BoundInput form={form} name="name" label="Name" autoComplete="name" disabled={pending} />
        <BoundInput
          form={form}
          name="email"
          label="Work email"
          type="email"
          autoComplete="email"
          disabled={pending}
        />
        <BoundInput
          form={form}
          name="company"
          label="Company (optional)"
          autoComplete="organization"
          disabled={pending}
        />
        <FormField label="Topic" error={errors.topic}>
          <select
            name="topic"
            value={values.topic}
            onChange={set("topic")}
            disabled={pending}
            className={cn(inputClasses, "appearance-auto")}
          >
            <option value="" disabled>
              Choose a topic
            </option>
            {contactTopics.map((topic) => (
              <option key={topic} value={topic}>
                {contactTopicLabels[topic]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField
        label="Message"
        error={errors.message}
        hint={`${values.message.trim().length} / ${CONTACT_MESSAGE_MAX} characters`}
      >
        <Textarea
          name="message"
          rows={6}
          value={values.message}
          onChange={set("message")}
          disabled={pending}
        />
      </FormField>
      {/* Honeypot: hidden from sight and from assistive technology; only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={set("website")}
          />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send message"}
        </Button>
        <p className="text-xs text-muted-foreground">
          We use your details only to answer you. See our{" "}
          <Link to="/privacy-policy" className="underline">
            privacy policy
          </Link>
          .
        </p>
      </div>
    </form>
  );
}
