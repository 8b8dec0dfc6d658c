"""The Python MCP SDK's client, in the 2025-11-25 era, cancelling a count_slowly call.

Usage: python3 cancel-count-slowly.py URL HOLD_SECONDS

Calls count_slowly to 10 with a progress callback and cancels the call (an anyio cancel
scope, after which the SDK sends notifications/cancelled) once it has counted 2. Then it
keeps the connection open for HOLD_SECONDS, so the test sees the server stop while the
client is still there, and prints one JSON line: the progress it received and whether
the call ended cancelled.
"""

import json
import sys

import anyio
from mcp import Client


async def main(url: str, hold_seconds: float) -> None:
    received = []
    async with Client(url, mode="legacy") as client:
        with anyio.CancelScope() as scope:

            async def on_progress(progress, total, message):
                received.append({"progress": progress, "total": total, "message": message})
                if message == "Counted 2 of 10":
                    scope.cancel()

            await client.call_tool("count_slowly", {"to": 10}, progress_callback=on_progress)
        await anyio.sleep(hold_seconds)
        print(json.dumps({"cancelled": scope.cancelled_caught, "received": received}), flush=True)


anyio.run(main, sys.argv[1], float(sys.argv[2]))
