"""The context packer: budgets, modes, dependencies and the audit trail. A
policy layer over :mod:`codepith.core`."""
