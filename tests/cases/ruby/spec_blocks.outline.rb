require "spec_helper"
require_relative "../lib/widget"

RSpec.describe Widget do
  # ...
end

describe "helpers" do
  def helper(x)
    x * 2
  end

  it "doubles" do
    expect(helper(2)).to eq(4)
  end
end

if ENV["DEBUG"]
  # ...
end
