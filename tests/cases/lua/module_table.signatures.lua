#!/usr/bin/env lua
-- luacheck: globals love
--- A small module: its table, methods and helpers.
-- More about it.
-- @module geometry

local M = {}
local json = require "dkjson"
local util = require("lib.util")
local inspect = require('inspect').inspect
require "strict"

--- The version.
M.VERSION = "1.0"

--- Adds two numbers.
-- @param a number
-- @param b number
-- @return number
function M.add(a, b)
  -- ...
end

function M:scale(k) -- ...
end

function M.nested.deep(x)
  -- ...
end

local function helper(t)
  -- ...
end

local make = function(n)
  -- ...
end

M.callback = function(...)
  -- ...
end

function global_fn() --[==[ ]==] -- ...
end

local Class = setmetatable({}, { __index = function(t, k)
  -- ...
end })

return M
