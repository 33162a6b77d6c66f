"""Online sessions: add a graph, compile it on first run, run it on the
host-CPU runtime; ``load_om`` runs a saved ``.om`` model."""

from ge.error import GeError
from ge.session.om_model import OmModel, load_om
from ge.session.session import Session

__all__ = ["Session", "GeError", "OmModel", "load_om"]
