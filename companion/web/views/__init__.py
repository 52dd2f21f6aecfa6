"""The views: one blueprint a module, each the pages and answers of one part of the app."""
