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
    # ...
  end

  def self.raw(text)
    # ...
  end
end
