// A native <select> styled like the inputs: keyboard and screen-reader friendly everywhere, and the
// phone's own picker at phone width. For long option lists in forms (models, credentials, projects).
import type { ComponentProps } from "react";
import { inputClasses } from "~/components/ui/input.tsx";
import { cn } from "~/lib/cn.ts";

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(inputClasses, "pr-8", className)} {...props} />;
}
