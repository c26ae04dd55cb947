// `--format json`: the report's JSON document (report_json.h), indented.
#pragma once

#include "report/report_json.h"
