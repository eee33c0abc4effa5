"""The browser front end: :func:`gridlogic.web.app.create_app` and the page under ``static/``."""
