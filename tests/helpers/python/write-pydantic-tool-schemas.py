"""Tool input schemas as FastMCP (the Python MCP SDK's server) writes them, made by pydantic.

Usage: python3 write-pydantic-tool-schemas.py > ../pydantic-tool-schemas.json

FastMCP builds each tool's inputSchema from the function's signature: one pydantic model
named "<function>Arguments" with a field per parameter, and its model_json_schema(). This
does the same for five tools, so the shapes are pydantic's own: titles on every field,
Optional[...] = None as anyOf with null and a default, nested models in $defs behind
$ref, dict as additionalProperties, tuple as prefixItems, set as uniqueItems. The output
is kept beside this script as a fixture; the test that reads it writes it again with
pydantic, when python3 has it, and compares.
"""

import json
from typing import Literal, Optional

from pydantic import BaseModel, create_model


class NoteFilter(BaseModel):
    archived: bool = False
    since: Optional[str] = None


class ListItem(BaseModel):
    name: str
    note: Optional[str] = None
    quantity: int = 1


def tool_schema(function_name, **fields):
    return create_model(f"{function_name}Arguments", **fields).model_json_schema()


SCHEMAS = {
    # def search_notes(query: str, limit: int | None = None, tags: list[str] = [], filter: NoteFilter | None = None)
    "search_notes": tool_schema("search_notes", query=(str, ...), limit=(Optional[int], None), tags=(list[str], []), filter=(Optional[NoteFilter], None)),
    # def add_list_items(items: list[ListItem], list_name: str = "groceries", priority: Literal["low", "high"] = "low")
    "add_list_items": tool_schema("add_list_items", items=(list[ListItem], ...), list_name=(str, "groceries"), priority=(Literal["low", "high"], "low")),
    # def count_tags(counts: dict[str, int])
    "count_tags": tool_schema("count_tags", counts=(dict[str, int], ...)),
    # def move_point(point: tuple[float, float])
    "move_point": tool_schema("move_point", point=(tuple[float, float], ...)),
    # def label_photos(labels: set[str])
    "label_photos": tool_schema("label_photos", labels=(set[str], ...)),
}

print(json.dumps(SCHEMAS, indent=2))
