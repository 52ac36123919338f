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
    sql = <<~SQL.strip
      #{TEMPLATE}
      WHERE #{filter}
    SQL
    log(<<-MSG)
      rendered
    MSG
    sql
  end

  def self.raw(text)
    text = text.dup
    text.gsub!(/\s+/, " ")
    text
  end
end
