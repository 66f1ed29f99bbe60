#pragma once
// Internal to render: the data a template is filled with, as Mustache data
// that also knows the names of what was set in it ("title", "items[].href",
// "review.rating"), so that docs/templates.md can be checked against what the
// code really hands each template (tests/unit/template_variables_test.cpp).

#include <kainjow/mustache.hpp>
#include <map>
#include <set>
#include <string>

#include "render/render.h"

namespace pp {

class ViewList;

/// A Mustache object that records its keys, nested ones with their path.
class ViewData : public kainjow::mustache::data {
 public:
  ViewData() = default;
  /// Sets a string, a boolean or any other plain value.
  void set(const std::string& key, const kainjow::mustache::data& value);
  void set(const std::string& key, kainjow::mustache::data&& value);
  /// Sets an object: its keys are recorded as "key.child".
  void set(const std::string& key, const ViewData& value);
  void set(const std::string& key, ViewData&& value);
  /// Sets a list: its items' keys are recorded as "key[].child".
  void set(const std::string& key, const ViewList& value);
  void set(const std::string& key, ViewList&& value);
  /// Every key set, sorted; recorded only while a ViewKeysRecorder exists
  /// (the names cost an allocation each, and only the recorder reads them).
  const std::set<std::string>& keys() const { return keys_; }

 private:
  // Moves `value` in under `key`; records `key` and `key` + `joint` + each
  // of `inner` (the value's own keys, read before the move empties them).
  void set_nested(const std::string& key, kainjow::mustache::data&& value,
                  const std::set<std::string>& inner, const char* joint);
  std::set<std::string> keys_;
};

/// A Mustache list that records the keys of its items.
class ViewList : public kainjow::mustache::data {
 public:
  ViewList() : kainjow::mustache::data(kainjow::mustache::data::type::list) {}
  void push_back(const ViewData& item);
  void push_back(ViewData&& item);
  void push_back(const kainjow::mustache::object& item);
  /// A plain item: a string ("{{.}}").
  void push_back(const std::string& item);
  /// Any other value (a list in a list).
  void push_back_value(const kainjow::mustache::data& item);
  const std::set<std::string>& keys() const { return keys_; }
  std::size_t size() const { return list_value().size(); }

 private:
  std::set<std::string> keys_;
};

/// `extra` of front matter (a JSON object) as a view: objects as objects,
/// arrays as lists, numbers as written, booleans as booleans, null as false.
ViewData extra_view(const std::string& json);

/// Called by render_template(): tells the recorder, if there is one.
void note_view_keys(const std::string& template_name, const ViewData& view);

}  // namespace pp
