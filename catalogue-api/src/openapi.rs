//! This crate's part of `/api/openapi.json` (merged with the other APIs' parts by the
//! `app` crate, which serves it): the catalogue's, the content's and the courses'.

use utoipa::OpenApi;

use crate::course::generate::{self, GenerateInput, Generated, SkippedRoute};
use crate::course::list::{self, Course};
use crate::course::preview::{self, GeneratePreview, TimetablePreview};
use crate::course::save::{self, CourseInput};

/// The courses: their list, and their saves and generation (which open and change the
/// seat inventories).
#[derive(OpenApi)]
#[openapi(
    paths(list::all, list::one, save::create, save::update, generate::generate, preview::generate_preview),
    components(schemas(Course, CourseInput, GenerateInput, Generated, SkippedRoute, GeneratePreview, TimetablePreview)),
    tags((name = "course", description = "Courses and their generation"))
)]
pub struct CourseApi;

/// The catalogue's, the content's and the courses' paths and schemas.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = crate::catalogue::openapi::document();
    doc.merge(crate::content::openapi::document());
    doc.merge(CourseApi::openapi());
    doc
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_course_writes_are_documented() {
        let doc = super::document();
        for path in [
            "/api/course/course/save",
            "/api/course/course/generate",
            "/api/course/course/generate-preview",
            "/api/course/course/all",
        ] {
            assert!(doc.paths.paths.contains_key(path), "{path}");
        }
        let save = &doc.paths.paths["/api/course/course/save"];
        assert!(save.post.is_some() && save.put.is_some(), "POST creates, PUT updates");
    }
}
