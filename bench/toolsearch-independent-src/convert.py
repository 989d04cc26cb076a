import json,re
# How each integration is named in a query: product names, aliases/jargon, unmistakable objects.
NAMES={
 "Gmail":(r"\bgmail|gmial",r"\bgmail msgs",None),
 "Google Calendar":(r"google (calendar|cal\b|kalend)",r"\bgcal\b|\bgmeet\b",None),
 "Google Drive":(r"google (drive|disk)|\bdrive\b",r"\bgdrive\b|\bgdocs?\b",r"\b1A2b3C4d5E6f7G8h9I0j\b"),
 "Jira":(r"\bjir|\bjiř",r"\bjql\b",r"\b[A-Z][A-Z0-9]+-\d+\b"),
 "Confluence":(r"confluen|confluance",r"\bwiki\b",None),
 "SharePoint":(r"sharepoint",r"\bSPO\b|\bSP\b|o365 site",None),
 "Outlook mail":(r"outlook",r"\bO365\b|office 365|exchange mailbox",None),
 "Outlook calendar":(r"outlook",r"\bO365\b|exchange calendar",None),
 "HubSpot":(r"hubsp|hubspto",r"\bHS\b",None),
 "Salesforce":(r"salesf",r"(?i:\bSFDC\b|\bsoql\b)|\bSF\b",r"\b00[16][A-Za-z0-9]{12,15}\b"),
 "Raynet CRM":(r"rayn|rayent",None,None),
 "Caflou":(r"caflou",None,None),
 "monday.com":(r"monday\.com|\bmonday\b|mondya",r"\bpulse\b",None),
 "Pipedrive":(r"pipedrive",r"\bPD\b",None),
 "Alveno":(r"alven",None,None),
 "Attio":(r"attio",None,None),
 "SurveyMonkey":(r"surveymonkey|survey monkey",r"\bSM\b",None),
 "Brevo":(r"brevo",r"sendinblue",None),
 "Exa":(r"\bexa\b",None,None),
 "Generic":(None,None,None),
}
needs=[]
for line in open("bench/toolsearch-independent-src/needs.txt",encoding="utf-8"):
    line=line.rstrip("\n")
    if not line or line.startswith("#"): continue
    integ,op,kinds,query=[p.strip() for p in line.split("|",3)]
    k=kinds.split()
    prod,alias,obj=NAMES[integ]
    named=None
    if prod and re.search(prod,query,re.I): named="product"
    elif alias and re.search(alias,query): named="alias"
    elif obj and re.search(obj,query): named="object"
    # "monday" as a weekday is not the product unless the board context says so
    if integ!="monday.com" and named is None: pass
    access="write" if "write" in k else "read"
    card="many" if "many" in k else "one"
    style=[s for s in ("jargon","typo","pronoun","id") if s in k]
    needs.append({
      "id":f"ind-{len(needs)+1:03d}",
      "query":query,
      "integration":integ,
      "operation":f"{integ}: {op}",
      "language":"cs" if "cs" in k else "en",
      "namedBy":named,
      "access":access,
      "cardinality":card,
      "style":style,
    })
out={
 "description":"Independent tool-search evaluation set (issue 40). Written from the providers' public API reference pages and the list of integration names only, before reading any Portico tool description. Each need records the integration it belongs to, the operation wanted in provider terms, and the kind of query. Tool labels are mapped separately in toolsearch-independent-labels.json.",
 "kinds":{
  "language":"en or cs (Czech)",
  "namedBy":"how the query names its integration: product (its name, possibly misspelt), alias (abbreviation or well-known jargon such as SFDC, gdrive, O365), object (an unmistakable provider object such as a Jira key or a Salesforce id), or null (not named)",
  "access":"read or write","cardinality":"one record or many",
  "style":"jargon, typo, pronoun, id (carries a provider id)"},
 "needs":needs}
json.dump(out,open("bench/toolsearch-independent.json","w",encoding="utf-8"),ensure_ascii=False,indent=1)
from collections import Counter
print(len(needs),Counter(n["language"] for n in needs),Counter(n["namedBy"] for n in needs))
for n in needs:
    if n["namedBy"] is None and n["integration"]!="Generic": print("UNNAMED",n["integration"],"|",n["query"])
