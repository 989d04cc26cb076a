// The labeled set of bench/toolsearch.ts: tasks as a person would ask an agent for them, each with the
// tools that would do the job. Where a task names no application and several tools fit it equally
// (send an email: Gmail or Outlook), every fitting tool is listed and finding any of them counts.
// Written from what each tool does, not from its description's wording, and never adjusted to the
// ranker: a query the search misses stays in and counts as a miss.

export interface LabeledQuery {
  query: string;
  expected: string[];
}

const EMAIL_SEARCH = ["gmail_search_messages", "gmail_list_threads", "outlook_email_list_messages"];
const EMAIL_READ = ["gmail_get_message", "gmail_get_thread", "outlook_email_get_message"];
const EMAIL_SEND = ["gmail_send_message", "outlook_email_send_message"];
const NEW_EVENT = ["google_calendar_create_event", "outlook_calendar_create_event"];
const EVENTS = ["google_calendar_list_events", "outlook_calendar_list_events"];
const FREE_BUSY = ["google_calendar_find_free_busy", "outlook_calendar_get_schedule"];
const EMAIL_REPLY = ["gmail_reply_to_message", "outlook_email_reply_to_message"];
// The calendar tasks that name no application: Google Calendar and Outlook do them alike.
const CHANGE_EVENT = ["google_calendar_update_event", "outlook_calendar_update_event"];
const READ_EVENT = ["google_calendar_get_event", "outlook_calendar_get_event"];
const DELETE_EVENT = ["google_calendar_delete_event", "outlook_calendar_delete_event"];

export const labeledQueries: LabeledQuery[] = [
  // Email
  { query: "did Ana write to me about the invoice last week", expected: EMAIL_SEARCH },
  { query: "show my unread emails", expected: EMAIL_SEARCH },
  { query: "find the mail from the accountant with the VAT return", expected: EMAIL_SEARCH },
  { query: "open that email and read me the whole text", expected: EMAIL_READ },
  { query: "send an email to jana@acme.com confirming Thursday", expected: EMAIL_SEND },
  { query: "email the team that the release is postponed", expected: EMAIL_SEND },
  {
    query: "write a draft to the supplier but don't send it yet, I want to check it",
    expected: ["gmail_create_draft"],
  },
  {
    query: "prepare an email in Gmail for me to review before it goes out",
    expected: ["gmail_create_draft"],
  },
  { query: "which labels do I have in Gmail", expected: ["gmail_list_labels"] },
  { query: "what folders or tags are in my gmail inbox", expected: ["gmail_list_labels"] },
  {
    query: "search my Gmail for messages from stripe",
    expected: ["gmail_search_messages", "gmail_list_threads"],
  },
  { query: "send a Gmail message to the landlord", expected: ["gmail_send_message"] },
  { query: "reply to Peter's email saying yes, works for me", expected: EMAIL_REPLY },
  { query: "answer the last message in Outlook", expected: ["outlook_email_reply_to_message"] },
  { query: "look through my Outlook inbox for the contract", expected: ["outlook_email_list_messages"] },
  {
    query: "send mail from my Microsoft 365 account to the auditor",
    expected: ["outlook_email_send_message"],
  },
  { query: "read the body of the Outlook email about the offsite", expected: ["outlook_email_get_message"] },
  {
    query: "show me the whole conversation with the landlord about the deposit",
    expected: ["gmail_list_threads", "gmail_get_thread"],
  },
  { query: "archive the newsletter from yesterday in Gmail", expected: ["gmail_modify_message_labels"] },
  { query: "mark all the emails from the bank as read", expected: ["gmail_modify_message_labels"] },
  { query: "star the email from the lawyer", expected: ["gmail_modify_message_labels"] },
  { query: "send the draft I prepared for the supplier", expected: ["gmail_send_draft"] },
  { query: "open the PDF attached to Tomas's email", expected: ["gmail_get_attachment"] },
  { query: "reply all to the Gmail thread about the offsite", expected: ["gmail_reply_to_message"] },

  // Calendar
  { query: "what meetings do I have tomorrow", expected: EVENTS },
  { query: "show my agenda for next week", expected: EVENTS },
  { query: "book a call with Martin on Friday at 10", expected: [...NEW_EVENT, "pipedrive_create_activity"] },
  { query: "put a team lunch in my calendar for Wednesday", expected: NEW_EVENT },
  { query: "schedule a meeting with the design agency and invite them", expected: NEW_EVENT },
  { query: "when are Eva and Tom both free this week", expected: FREE_BUSY },
  { query: "find a free slot for a one hour meeting with three people", expected: FREE_BUSY },
  { query: "is the big meeting room available on Monday afternoon", expected: FREE_BUSY },
  { query: "cancel my dentist appointment in Google Calendar", expected: ["google_calendar_delete_event"] },
  { query: "remove the Friday standup from my calendar", expected: DELETE_EVENT },
  { query: "which calendars do I have in Google", expected: ["google_calendar_list_calendars"] },
  { query: "list my Google calendars and their time zones", expected: ["google_calendar_list_calendars"] },
  { query: "what's on my Google calendar today", expected: ["google_calendar_list_events"] },
  {
    query: "create an Outlook meeting invitation for the board",
    expected: ["outlook_calendar_create_event"],
  },
  {
    query: "show my Outlook calendar between March 3 and March 7",
    expected: ["outlook_calendar_list_events"],
  },
  { query: "add the conference to Google Calendar", expected: ["google_calendar_create_event"] },
  { query: "move my 1:1 with Eva to Thursday at 3pm", expected: CHANGE_EVENT },
  { query: "rename the Monday sync to Weekly planning", expected: CHANGE_EVENT },
  { query: "who accepted the invitation to the kickoff meeting", expected: READ_EVENT },
  {
    query: "move the dentist appointment from my work calendar to my personal one",
    expected: ["google_calendar_move_event"],
  },
  { query: "when is Petr busy tomorrow", expected: FREE_BUSY },

  // Files and documents
  { query: "find the budget spreadsheet in Google Drive", expected: ["google_drive_search_files"] },
  { query: "where is the Q3 board deck in my drive", expected: ["google_drive_search_files"] },
  { query: "make a new folder in Drive called Contracts 2026", expected: ["google_drive_create_folder"] },
  { query: "read the text of the onboarding Google Doc", expected: ["google_drive_read_file"] },
  { query: "download that sheet as CSV", expected: ["google_drive_read_file"] },
  {
    query: "who owns this drive file and when was it last changed",
    expected: ["google_drive_get_file_metadata"],
  },
  { query: "find the SharePoint site of the finance department", expected: ["sharepoint_search_sites"] },
  {
    query: "what documents are in the HR SharePoint site",
    expected: ["sharepoint_list_drives", "sharepoint_list_items", "sharepoint_search_files"],
  },
  {
    query: "open the Policies folder on SharePoint and list what's inside",
    expected: ["sharepoint_list_items"],
  },
  { query: "find the SharePoint site of the marketing team", expected: ["sharepoint_search_sites"] },
  {
    query: "save these meeting notes as a file in the project library",
    expected: ["sharepoint_upload_file"],
  },
  { query: "share the pricing doc with marek@acme.com as an editor", expected: ["google_drive_share_file"] },
  { query: "rename the Drive file Draft v3 to Final", expected: ["google_drive_update_file"] },
  { query: "move the old contracts to the trash in Drive", expected: ["google_drive_update_file"] },
  { query: "save the meeting summary to Drive as a Google Doc", expected: ["google_drive_upload_file"] },

  // Wiki
  { query: "search Confluence for the onboarding guide", expected: ["confluence_search_content"] },
  { query: "is there a wiki page about our vacation policy", expected: ["confluence_search_content"] },
  { query: "read the Confluence page with the release checklist", expected: ["confluence_get_page"] },
  { query: "which Confluence spaces exist", expected: ["confluence_list_spaces"] },
  { query: "write up the meeting notes as a new wiki page", expected: ["confluence_create_page"] },
  { query: "publish a page in the Engineering space in Confluence", expected: ["confluence_create_page"] },
  { query: "list all pages in the HR space", expected: ["confluence_list_pages"] },
  {
    query: "add a comment on the Confluence design doc saying it's approved",
    expected: ["confluence_add_comment"],
  },
  {
    query: "what did people say in the comments under the roadmap page",
    expected: ["confluence_list_comments"],
  },
  {
    query: "update the on-call page in Confluence with the new rotation",
    expected: ["confluence_update_page"],
  },

  // Issue tracking
  { query: "which Jira tickets are still open in the OPS project", expected: ["jira_search_issues"] },
  { query: "show bugs assigned to me", expected: ["jira_search_issues"] },
  { query: "what's the status of OPS-142", expected: ["jira_get_issue"] },
  { query: "open a bug: login page crashes on Safari", expected: ["jira_create_issue"] },
  { query: "file a Jira ticket for the broken export", expected: ["jira_create_issue"] },
  { query: "leave a note on the ticket that the fix is deployed", expected: ["jira_add_comment"] },
  { query: "comment on OPS-12 asking for logs", expected: ["jira_add_comment"] },
  { query: "mark OPS-77 as done", expected: ["jira_transition_issue"] },
  { query: "move the ticket to In Progress", expected: ["jira_transition_issue"] },
  { query: "what statuses can this Jira issue go to next", expected: ["jira_list_transitions"] },
  { query: "assign OPS-88 to Lucie", expected: ["jira_assign_issue", "jira_find_assignable_users"] },
  { query: "which Jira projects do we have and what are their keys", expected: ["jira_list_projects"] },
  { query: "change the priority of OPS-5 to high", expected: ["jira_edit_issue"] },
  {
    query: "find Martin's Jira account so I can give him the ticket",
    expected: ["jira_find_assignable_users"],
  },

  // CRM: HubSpot
  { query: "find the HubSpot contact with email petra@firma.cz", expected: ["hubspot_search_contacts"] },
  { query: "look up Jan Novak in HubSpot", expected: ["hubspot_search_contacts"] },
  { query: "add the new lead Karel Svoboda to HubSpot", expected: ["hubspot_create_contact"] },
  { query: "change the phone number of this HubSpot contact", expected: ["hubspot_update_contact"] },
  { query: "set the lifecycle stage of the contact to customer", expected: ["hubspot_update_contact"] },
  { query: "show all contacts in HubSpot", expected: ["hubspot_list_contacts", "hubspot_search_contacts"] },
  {
    query: "what companies do we have in HubSpot",
    expected: ["hubspot_list_companies", "hubspot_search_companies"],
  },
  { query: "open the HubSpot company record 4411", expected: ["hubspot_get_company"] },
  {
    query: "which deals are in our HubSpot pipeline",
    expected: ["hubspot_list_deals", "hubspot_search_deals"],
  },
  { query: "get all details of HubSpot contact 901", expected: ["hubspot_get_contact"] },
  { query: "who are the HubSpot users that can own a deal", expected: ["hubspot_list_owners"] },
  { query: "what stages does our sales pipeline in HubSpot have", expected: ["hubspot_list_pipelines"] },
  { query: "log a call summary on the Acme company in HubSpot", expected: ["hubspot_create_note"] },
  { query: "read the notes on this contact in HubSpot", expected: ["hubspot_list_notes"] },
  { query: "which contacts are linked to this HubSpot deal", expected: ["hubspot_list_associations"] },
  { query: "link the contact Jana to the company Acme in HubSpot", expected: ["hubspot_associate_records"] },
  { query: "move the HubSpot deal to closed won", expected: ["hubspot_update_deal"] },
  { query: "find HubSpot deals over 50k closing this quarter", expected: ["hubspot_search_deals"] },
  { query: "create a new deal in HubSpot for the Globex expansion", expected: ["hubspot_create_deal"] },

  // CRM: Pipedrive
  { query: "show open deals in Pipedrive", expected: ["pipedrive_list_deals"] },
  { query: "create a Pipedrive deal for the Acme renewal worth 20k", expected: ["pipedrive_create_deal"] },
  { query: "find the person called Lucie in Pipedrive", expected: ["pipedrive_search_items"] },
  {
    query: "schedule a follow-up call with the client in Pipedrive",
    expected: ["pipedrive_create_activity"],
  },
  {
    query: "log a meeting on the deal in Pipedrive",
    expected: ["pipedrive_create_activity", "pipedrive_create_note"],
  },
  { query: "what pipelines do we have in Pipedrive", expected: ["pipedrive_list_pipelines"] },
  { query: "what stages does the sales pipeline in Pipedrive have", expected: ["pipedrive_list_stages"] },
  { query: "mark the Acme deal as won in Pipedrive", expected: ["pipedrive_update_deal"] },
  { query: "add a note with the call summary to the Pipedrive deal", expected: ["pipedrive_create_note"] },
  { query: "find anything in Pipedrive matching globex", expected: ["pipedrive_search_items"] },
  { query: "add the organization Globex to Pipedrive", expected: ["pipedrive_create_organization"] },
  { query: "which activities are due this week in Pipedrive", expected: ["pipedrive_list_activities"] },
  { query: "add Jana Dvorak as a new person in Pipedrive", expected: ["pipedrive_create_person"] },

  // CRM: Salesforce
  {
    query: "run a query for all Salesforce opportunities closing this month",
    expected: ["salesforce_query"],
  },
  {
    query: "find Acme anywhere in Salesforce",
    expected: ["salesforce_search", "salesforce_query"],
  },
  { query: "get the Salesforce account 001xx000003DGb2", expected: ["salesforce_get_record"] },
  {
    query: "update the stage of the Salesforce opportunity to Closed Won",
    expected: ["salesforce_update_record"],
  },
  {
    query: "create a new case in Salesforce for the customer complaint",
    expected: ["salesforce_create_record"],
  },
  { query: "add a lead to Salesforce", expected: ["salesforce_create_record"] },

  // CRM: Raynet
  { query: "list our clients in Raynet", expected: ["raynet_list_companies"] },
  { query: "add a new client company to Raynet CRM", expected: ["raynet_create_company"] },
  { query: "show the Raynet company card with its addresses", expected: ["raynet_get_company"] },
  { query: "who are the contact people in Raynet", expected: ["raynet_list_persons"] },
  { query: "details of the Raynet contact person 55", expected: ["raynet_get_person"] },
  { query: "what new leads came in to Raynet", expected: ["raynet_list_leads"] },

  // CRM: Attio
  { query: "what object types exist in our Attio workspace", expected: ["attio_list_objects"] },
  { query: "find the Attio company record for acme.com", expected: ["attio_query_records"] },
  { query: "add a person to Attio", expected: ["attio_create_record"] },
  { query: "read one Attio record with all its values", expected: ["attio_get_record"] },

  // Project management and HR
  { query: "list the projects in Caflou", expected: ["caflou_list_projects"] },
  { query: "what tasks are on my plate in Caflou", expected: ["caflou_list_tasks"] },
  { query: "which clients and suppliers are in Caflou", expected: ["caflou_list_companies"] },
  { query: "show the Caflou company 88", expected: ["caflou_get_company"] },
  {
    query: "what's on our monday.com boards",
    expected: ["monday_list_boards", "monday_get_board", "monday_list_items"],
  },
  { query: "add an item to the monday board", expected: ["monday_create_item"] },
  { query: "who works at the company according to Alveno", expected: ["alveno_list_employees"] },
  { query: "list all staff in the HR system", expected: ["alveno_list_employees"] },
  { query: "show the HR record of employee 17", expected: ["alveno_list_employees"] },

  // Surveys
  { query: "which surveys do we run in SurveyMonkey", expected: ["surveymonkey_list_surveys"] },
  {
    query: "what did people answer in the customer satisfaction survey",
    expected: ["surveymonkey_list_responses"],
  },
  { query: "show the questions of the NPS survey", expected: ["surveymonkey_get_survey_details"] },

  // Standard tools
  { query: "what time is it in Tokyo right now", expected: ["get_current_time"] },
  { query: "what's today's date", expected: ["get_current_time"] },
  { query: "if it's 3pm in Prague what time is it in New York", expected: ["convert_time"] },
  { query: "convert 9:00 San Francisco time to Berlin", expected: ["convert_time"] },
  { query: "what date is 30 working days from now", expected: ["date_calculate"] },
  { query: "how many days until the end of the quarter", expected: ["date_calculate"] },
  { query: "add 6 weeks to the contract start date", expected: ["date_calculate"] },
  { query: "what is 17% of 48,500", expected: ["calculate"] },
  { query: "compute the total of 1250 times 12 plus VAT", expected: ["calculate"] },
  { query: "work out the growth rate from 80k to 112k", expected: ["calculate"] },
  { query: "read this article https://example.com/blog/post", expected: ["fetch_web_page"] },
  { query: "summarize the content of this website", expected: ["fetch_web_page"] },
  { query: "open the link and tell me what the docs say", expected: ["fetch_web_page"] },
];
