"""The Gameshelf web app: one site for every installed game.

``web.app.create_app(settings)`` builds a FastAPI application (no module-level app);
``web.server.run`` serves it with uvicorn. Storage is event-sourced behind the small
interface of :mod:`web.storage`; :mod:`web.tables` keeps the matches being played in memory,
applies actions through ``core.play.match`` and writes them down before anyone hears of them.
"""
