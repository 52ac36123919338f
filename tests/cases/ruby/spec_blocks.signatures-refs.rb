require "spec_helper"
require_relative "../lib/widget"

RSpec.describe Widget do
  let(:widget) { Widget.new(name: "a") }

  it "has a name" do
    expect(widget.name).to eq("a")
  end

  context "when empty" do
    it "is blank" do
      expect(Widget.new.name).to be_nil
    end
  end
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
  puts "debugging"
  $stdout.sync = true
end
