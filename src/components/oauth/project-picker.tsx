// The project the connection is for: each grant is bound to exactly one project.
import { Link } from "@tanstack/react-router";
import { FolderOpen } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";

export interface PickableProject {
  id: string;
  name: string;
  organizationName: string;
}

interface ProjectPickerProps {
  projects: PickableProject[];
  value: string;
  onChange: (projectId: string) => void;
  disabled?: boolean;
  error?: string;
}

export function ProjectPicker({ projects, value, onChange, disabled, error }: ProjectPickerProps) {
  if (projects.length === 0) {
    return (
      <EmptyState
        icon={FolderOpen}
        title="You have no project yet"
        description="A connection gives access to one project. Create one, or accept an invitation below, then come back here."
        action={
          <Button asChild variant="outline" size="sm">
            <Link to="/app/dashboard" target="_blank">
              Open the dashboard
            </Link>
          </Button>
        }
        className="py-8"
      />
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="consent-project">Project</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger
          id="consent-project"
          className="w-full"
          aria-invalid={error ? true : undefined}
          aria-describedby="consent-project-message"
        >
          <SelectValue placeholder="Choose a project" />
        </SelectTrigger>
        <SelectContent>
          {projects.map((project) => (
            <SelectItem key={project.id} value={project.id}>
              {project.name}
              <span className="text-muted-foreground"> · {project.organizationName}</span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p
        id="consent-project-message"
        className={error ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
        role={error ? "alert" : undefined}
      >
        {error ?? "It can use this project's tools, and nothing else."}
      </p>
    </div>
  );
}
