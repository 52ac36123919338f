# frozen_string_literal: true

# Builds SQL text for reports.
class Query
  TEMPLATE = <<~SQL
    SELECT *
    FROM reports
  SQL

  # Renders the query with a where clause.
  # Second line of the doc.
  def render(filter)
    # ... L13-20
  end

  def self.raw(text)
    # ... L24-26
  end
end
