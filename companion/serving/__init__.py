"""The process that serves the app: its server, workers and their limits."""
