"""JSON boundary for the web worker (placeholder until the engine lands)."""
import json
from . import __version__


def handle(text: str) -> str:
    req = json.loads(text)
    if req.get("op") == "hello":
        return json.dumps({"id": req.get("id"), "ok": True, "result": {"version": __version__, "variants": []}})
    return json.dumps({"id": req.get("id"), "ok": False, "error": {"code": "bad_request", "message": "not implemented yet"}})
