# frozen_string_literal: true
require "foo"
require_relative "bar"
module M
  class C < Base
    include Comparable
    attr_reader :a, :b
    X = 1
    # doc
    def initialize(a, b = 2, *rest, k:, **opts, &blk)
      # ...
    end
    def self.build = new(1)
    def one; 1; end
    class << self
      def z
      end
    end
    private
    def hidden
      # ...
    end
  end
end
describe "x" do
  # ...
end
