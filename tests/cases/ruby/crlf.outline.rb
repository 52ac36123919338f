# frozen_string_literal: true

module Crlf
  # Greets.
  def self.greet(name)
    # ...
  end

  class Box
    def initialize(v)
      # ...
    end
  end
end
