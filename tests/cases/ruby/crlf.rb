# frozen_string_literal: true

module Crlf
  # Greets.
  def self.greet(name)
    msg = "hello #{name}"
    puts msg
  end

  class Box
    def initialize(v)
      @v = v
      freeze
    end
  end
end
