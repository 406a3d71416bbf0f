"""The JSON API: its routes and its OpenAPI document."""
