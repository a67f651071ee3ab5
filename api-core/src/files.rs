//! Files the product writes for people and programs to read (development e-mails and text
//! messages): each appears whole or not at all. It is written beside its folder first and
//! then renamed into it (one rename, atomic on one file system), so a reader listing the
//! folder never meets half a message.

use std::path::Path;

/// Writes `contents` as `dir/name`, whole.
pub async fn write_whole(dir: &Path, name: &str, contents: &[u8]) -> std::io::Result<()> {
    let mut partial = dir.as_os_str().to_owned();
    partial.push(format!(".{}.partial", uuid::Uuid::new_v4().simple()));
    let partial = std::path::PathBuf::from(partial);
    tokio::fs::write(&partial, contents).await?;
    if let Err(e) = tokio::fs::rename(&partial, dir.join(name)).await {
        let _ = tokio::fs::remove_file(&partial).await;
        return Err(e);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_file_appears_whole_and_nothing_is_left_beside_it() {
        let root = std::env::temp_dir().join(format!("coach-files-{}", uuid::Uuid::new_v4()));
        let dir = root.join("mail");
        tokio::fs::create_dir_all(&dir).await.unwrap();
        write_whole(&dir, "a.eml", b"To: a@b.pl\r\n\r\nTre\xc5\x9b\xc4\x87").await.unwrap();
        assert_eq!(tokio::fs::read(dir.join("a.eml")).await.unwrap(), b"To: a@b.pl\r\n\r\nTre\xc5\x9b\xc4\x87");
        let mut beside = tokio::fs::read_dir(&root).await.unwrap();
        let mut names = Vec::new();
        while let Some(entry) = beside.next_entry().await.unwrap() {
            names.push(entry.file_name());
        }
        assert_eq!(names, ["mail"], "no partial file is left");
        tokio::fs::remove_dir_all(&root).await.unwrap();
    }
}
