//! Where KSeF is and who we are to it (`KSEF_ENV`, `KSEF_URL`, `KSEF_NIP`, `KSEF_TOKEN`).

/// `KSEF_ENV`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    /// Nothing is sent; invoices stay waiting.
    Off,
    /// The stand-in (`crate::sandbox`), served by this product itself.
    Sandbox,
    Test,
    Demo,
    Prod,
}

impl Environment {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "off" => Some(Self::Off),
            "sandbox" => Some(Self::Sandbox),
            "test" => Some(Self::Test),
            "demo" => Some(Self::Demo),
            "prod" => Some(Self::Prod),
            _ => None,
        }
    }

    /// The API's base address (`…/v2`), `None` for `off` and `sandbox` (whose address is the server's own).
    pub fn api_url(self) -> Option<&'static str> {
        match self {
            Self::Off | Self::Sandbox => None,
            Self::Test => Some("https://api-test.ksef.mf.gov.pl/v2"),
            Self::Demo => Some("https://api-demo.ksef.mf.gov.pl/v2"),
            Self::Prod => Some("https://api.ksef.mf.gov.pl/v2"),
        }
    }

    /// The verification pages' host (`kody-qr.md`); the sandbox uses the test one.
    pub fn qr_host(self) -> &'static str {
        match self {
            Self::Off | Self::Sandbox | Self::Test => "qr-test.ksef.mf.gov.pl",
            Self::Demo => "qr-demo.ksef.mf.gov.pl",
            Self::Prod => "qr.ksef.mf.gov.pl",
        }
    }
}

/// Everything the client needs. `token` is a secret: never logged (its `Debug` hides it).
#[derive(Clone)]
pub struct Config {
    pub env: Environment,
    /// The API's base address, ending before the paths of `open-api.json` (e.g. `…/v2`).
    pub api_url: String,
    /// The seller's NIP (the context of the session).
    pub nip: String,
    pub token: String,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("env", &self.env)
            .field("api_url", &self.api_url)
            .field("nip", &self.nip)
            .field("token", &"<hidden>")
            .finish()
    }
}
